export {
  BUILT_IN,
  BUILT_IN_CONNECTORS,
  ConnectorLoadError,
  connectorEntries,
  loadConnectors,
  type CheckedDescriptor,
  type ConnectorLoadOptions,
} from './connector-loading';
export { createConnectors, type LoadedConnector } from './loaded-connectors';
export {
  addExactlyOneOfKeyword,
  compileSpecSchema,
  type SpecShapeCheck,
} from './spec-schema-check';
