/** 401: wrong email or password, or no valid session. Never says which. */
export class AuthenticationError extends Error {
  constructor(message = 'email or password is wrong') {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/** 429: too many attempts (logins, sign-ups, wrong API keys) for this email or address. */
export class RateLimitedError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts; retry in ${retryAfterSeconds} s.`,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/** 403: authenticated, but this credential may not do that (e.g. a standard key making keys). */
export class PermissionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionError';
  }
}
