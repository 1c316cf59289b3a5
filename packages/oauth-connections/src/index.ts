export {
  OAuthConnectionService,
  type CallbackInput,
  type ConnectionView,
  type LinkOpener,
  type PendingLink,
  type OAuthConnectionOptions,
} from './oauth-connection-service';
export { OAuthCallbackError } from './oauth-errors';
export { CONNECTION_TYPES, type ConnectionType, type OAuthClientConfig } from './oauth-types';
export { OAUTH_PROVIDERS, type OAuthProvider } from './providers';
