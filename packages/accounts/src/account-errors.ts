/** 401: wrong email or password, or no valid session. Never says which. */
export class AuthenticationError extends Error {
  constructor(message = 'email or password is wrong') {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/** 429: too many failed logins for this email or address. */
export class LoginRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed logins; retry in ${retryAfterSeconds} s.`);
    this.name = 'LoginRateLimitedError';
  }
}
