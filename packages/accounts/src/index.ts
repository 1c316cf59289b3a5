export {
  ApiKeyService,
  generateApiKey,
  hashApiKey,
  MAX_ACTIVE_API_KEYS,
  parseBootstrapKeys,
  type BootstrapKey,
  type Principal,
} from './api-keys';
export { AuthenticationError, PermissionError, RateLimitedError } from './account-errors';
export { plainAddress } from './attempt-throttle';
export {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  verifyPassword,
  type ScryptCost,
} from './password-hash';
export { MIN_PASSWORD_LENGTH, passwordProblem } from './password-policy';
export {
  SESSION_MAX_AGE_MS,
  SESSION_TTL_MS,
  SessionService,
  csrfTokenMatches,
  hashSessionToken,
  type ClientInfo,
  type OpenedSession,
} from './sessions';
export { UserAccountService, type SignedIn, type UserAccountOptions } from './user-accounts';
