export {
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeHttpServerOptions,
} from './fake-http-server';
export type { FakeRequest, FakeResponse, FakeRoute, RequestLogEntry } from './fake-http-types';
export {
  ANY_ROUTE,
  type DelayFault,
  type FaultScope,
  type RouteFault,
  type StatusFault,
} from './faults';
export { parseAuthorization, type AuthScheme, type RequestAuthorization } from './authorization';
export {
  docentOAuthEnvironment,
  type FakeOAuthClient,
  type FakeOAuthSource,
} from './docent-oauth-environment';
