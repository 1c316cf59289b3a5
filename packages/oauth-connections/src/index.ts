export {
  OAuthConnectionService,
  type CallbackInput,
  type ConnectionView,
  type LinkOpener,
  type PendingLink,
  type OAuthConnectionOptions,
} from './oauth-connection-service';
export { OAuthCallbackError } from './oauth-errors';
export { type OAuthClientConfig, type OAuthProviders } from './oauth-types';
