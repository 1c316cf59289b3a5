import { InvalidRequestError } from '@docent/domain-errors';
import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import {
  AuthenticationError,
  LoginLimiter,
  LoginRateLimitedError,
  SESSION_TTL_MS,
  UserAccountService,
  csrfTokenMatches,
  hashPassword,
  hashSessionToken,
  verifyPassword,
} from '../src';

// Cheap scrypt for the service tests; the real cost is checked once below.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('are salted scrypt strings that verify only the right password', async () => {
    const first = await hashPassword('correct horse battery', FAST);
    const second = await hashPassword('correct horse battery', FAST);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterz', first)).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$whatever')).toBe(false);
  });

  it('use N=2^15, r=8, p=1 by default', async () => {
    const hash = await hashPassword('a long enough password');
    expect(hash.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
  });
});

describe('LoginLimiter', () => {
  it('blocks a key after 5 failures in 15 minutes until the oldest one ages out', () => {
    let now = 0;
    const limiter = new LoginLimiter(() => now, { maxFailures: 5, windowMs: 900_000 });
    for (let i = 0; i < 5; i += 1) {
      expect(limiter.retryAfter(['ip:1'])).toBe(0);
      limiter.recordFailure(['ip:1']);
      now += 1000;
    }
    expect(limiter.retryAfter(['ip:1', 'ip:2'])).toBe(895);
    expect(limiter.retryAfter(['ip:2'])).toBe(0);
    now = 900_001;
    expect(limiter.retryAfter(['ip:1'])).toBe(0);
  });
});

describe('UserAccountService', () => {
  let store: MetadataStore;
  let now: Date;
  let service: UserAccountService;
  beforeEach(async () => {
    store = await openMetadataStore({ kind: 'sqlite', path: ':memory:' });
    now = new Date('2026-03-01T10:00:00Z');
    service = new UserAccountService(store.accounts, { scryptCost: FAST, now: () => now });
  });
  afterEach(() => store.close());

  it('signs up a user with an account named after the email and opens a session', async () => {
    const { user, session } = await service.signup(' Ann@Example.com ', 'long enough pw');
    expect(user.email).toBe('ann@example.com');
    expect(user.passwordHash).not.toContain('long enough pw');
    expect((await store.accounts.ensureAccount('ann@example.com')).id).toBe(user.accountId);
    // Only the hash of the cookie value is stored.
    expect(session.record.id).toBe(hashSessionToken(session.token));
    expect(await store.accounts.findSession(session.token)).toBeNull();
    expect((await service.sessions.resume(session.token))?.accountId).toBe(user.accountId);
  });

  it('refuses bad emails, short passwords and a second sign-up of an email', async () => {
    await expect(service.signup('not-an-email', 'short')).rejects.toMatchObject({
      errors: [
        { field: 'email', message: 'is not an email address' },
        { field: 'password', message: 'must be 10 to 1024 characters' },
      ],
    });
    await service.signup('ann@example.com', 'long enough pw');
    const again = service.signup('ANN@example.com', 'another long pw');
    await expect(again).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(again).rejects.toMatchObject({
      errors: [{ field: 'email', message: 'already registered' }],
    });
  });

  it('logs in with the right password only, with one message for both wrong cases', async () => {
    await service.signup('ann@example.com', 'long enough pw');
    const { user } = await service.login('ann@example.com', 'long enough pw', '10.0.0.1');
    expect(user.email).toBe('ann@example.com');
    const wrongPassword = await service
      .login('ann@example.com', 'wrong password', '10.0.0.1')
      .catch((e: Error) => e);
    const unknownUser = await service
      .login('bob@example.com', 'long enough pw', '10.0.0.1')
      .catch((e: Error) => e);
    expect(wrongPassword).toBeInstanceOf(AuthenticationError);
    expect(unknownUser).toBeInstanceOf(AuthenticationError);
    expect((wrongPassword as Error).message).toBe((unknownUser as Error).message);
  });

  it('rate-limits failed logins per email, even with the right password', async () => {
    await service.signup('ann@example.com', 'long enough pw');
    for (let i = 0; i < 5; i += 1) {
      await expect(
        service.login('ann@example.com', 'wrong password', `10.0.0.${i}`),
      ).rejects.toBeInstanceOf(AuthenticationError);
    }
    const limited = await service
      .login('ann@example.com', 'long enough pw', '10.0.0.99')
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(LoginRateLimitedError);
    expect((limited as LoginRateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts failed logins on the service clock: the block lapses after 15 minutes', async () => {
    await service.signup('ann@example.com', 'long enough pw');
    for (let i = 0; i < 5; i += 1) {
      await expect(
        service.login('ann@example.com', 'wrong password', '10.0.0.1'),
      ).rejects.toBeInstanceOf(AuthenticationError);
    }
    await expect(
      service.login('ann@example.com', 'long enough pw', '10.0.0.1'),
    ).rejects.toMatchObject({ retryAfterSeconds: 900 });
    now = new Date(now.getTime() + 15 * 60_000);
    const { user } = await service.login('ann@example.com', 'long enough pw', '10.0.0.1');
    expect(user.email).toBe('ann@example.com');
  });

  it('slides session expiry on use, forgets expired sessions and closes on logout', async () => {
    const { session } = await service.signup('ann@example.com', 'long enough pw');
    now = new Date(now.getTime() + SESSION_TTL_MS - 1000);
    const resumed = await service.sessions.resume(session.token);
    expect(resumed?.expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    now = new Date(now.getTime() + SESSION_TTL_MS + 1);
    expect(await service.sessions.resume(session.token)).toBeNull();

    const second = await service.login('ann@example.com', 'long enough pw', '10.0.0.1');
    await service.sessions.close(second.session.token);
    expect(await service.sessions.resume(second.session.token)).toBeNull();
    expect(await service.sessions.resume(undefined)).toBeNull();
  });

  it('compares CSRF tokens exactly', async () => {
    const { session } = await service.signup('ann@example.com', 'long enough pw');
    expect(csrfTokenMatches(session.record, session.record.csrfToken)).toBe(true);
    expect(csrfTokenMatches(session.record, `${session.record.csrfToken}x`)).toBe(false);
    expect(csrfTokenMatches(session.record, undefined)).toBe(false);
  });
});
