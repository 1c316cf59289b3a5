export {
  ApiKeyService,
  generateApiKey,
  hashApiKey,
  parseBootstrapKeys,
  type BootstrapKey,
  type Principal,
} from './api-keys';
export { AuthenticationError, LoginRateLimitedError } from './account-errors';
export { LoginLimiter } from './login-limiter';
export {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  verifyPassword,
  type ScryptCost,
} from './password-hash';
export {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SessionService,
  csrfTokenMatches,
  hashSessionToken,
  type OpenedSession,
} from './sessions';
export {
  MIN_PASSWORD_LENGTH,
  UserAccountService,
  type SignedIn,
  type UserAccountOptions,
} from './user-accounts';
