export {
  BUILT_IN_CONNECTORS,
  ConnectorLoadError,
  loadConnectors,
  type CheckedDescriptor,
} from './connector-loading';
export { createConnectors, type LoadedConnector } from './loaded-connectors';
export { addExactlyOneOfKeyword } from './spec-schema-check';
