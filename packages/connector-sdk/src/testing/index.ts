export {
  checkpoints,
  collect,
  collectWithEnd,
  documentIds,
  documents,
  failures,
  readBytes,
  rejection,
  textOf,
} from './discovery-items';
export {
  readLikeTheService,
  type DocumentFailure,
  type ReadContent,
  type ServiceRead,
} from './read-like-the-service';
export {
  credentialsFromSpec,
  openTestSession,
  type LogEntry,
  type TestSession,
  type TestSessionOptions,
} from './test-session';
export {
  describeSourceConnectorConformance,
  type ConformanceFixture,
} from './source-connector-conformance';
export { networkFailure, onePage, withNockOnly, type NockControls } from './offline-http';
