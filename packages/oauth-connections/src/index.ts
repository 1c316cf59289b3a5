export {
  OAuthConnectionService,
  REFRESH_MARGIN_MS,
  STATE_TTL_MS,
  type CallbackInput,
  type ConnectionView,
  type OAuthConnectionOptions,
} from './oauth-connection-service';
export { oauthClientsFromEnv } from './oauth-config';
export { OAuthCallbackError, TokenEndpointError } from './oauth-errors';
export {
  CONNECTION_TYPES,
  isConnectionType,
  type ConnectionType,
  type OAuthClientConfig,
} from './oauth-types';
export { OAUTH_PROVIDERS, type OAuthProvider } from './providers';
