import { InvalidRequestError } from '@docent/domain-errors';
import { openMetadataStore, type MetadataStore } from '@docent/metadata-store';
import {
  AuthenticationError,
  RateLimitedError,
  SESSION_MAX_AGE_MS,
  SESSION_TTL_MS,
  UserAccountService,
  csrfTokenMatches,
  hashPassword,
  hashSessionToken,
  verifyPassword,
} from '../src';

// Cheap scrypt for the service tests; the real cost is checked once below.
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = 'long enough pw';
const client = (address = '10.0.0.1') => ({ address, userAgent: 'Mozilla/5.0 (test)' });

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

  const signUp = (email = 'ann@example.com', password = PASSWORD, address = '10.0.0.1') =>
    service.signup(email, password, client(address));

  it('signs up a user with an account of its own; the session comes from logging in', async () => {
    await expect(signUp(' Ann@Example.com ')).resolves.toEqual({ email: 'ann@example.com' });
    const { user, session } = await service.login('ann@example.com', PASSWORD, client());
    expect(user.email).toBe('ann@example.com');
    expect(user.passwordHash).not.toContain(PASSWORD);
    // The bootstrap account "ann@example.com", if an operator made one, is another account.
    expect((await store.accounts.ensureAccount('ann@example.com')).id).not.toBe(user.accountId);
    // Only the hash of the cookie value is stored, with where the session was opened.
    expect(session.record.id).toBe(hashSessionToken(session.token));
    expect(session.record).toMatchObject({
      clientAddress: '10.0.0.1',
      userAgent: 'Mozilla/5.0 (test)',
    });
    expect(await store.accounts.findSession(session.token)).toBeNull();
    expect((await service.sessions.resume(session.token))?.accountId).toBe(user.accountId);
  });

  it('hashes the password of a sign-up whose email is taken, as of a fresh one', async () => {
    // The same work on both paths is what keeps a sign-up's time from telling the email is taken.
    await signUp('ann@example.com', PASSWORD);
    const createUser = jest.spyOn(store.accounts, 'createUser');
    await signUp('ann@example.com', 'another long passphrase');
    await signUp('bea@example.com', 'another long passphrase');
    expect(createUser).toHaveBeenCalledTimes(2);
    const [taken, fresh] = createUser.mock.calls.map(([input]) => input.passwordHash);
    expect(await verifyPassword('another long passphrase', taken ?? '')).toBe(true);
    expect(await verifyPassword('another long passphrase', fresh ?? '')).toBe(true);
    expect(createUser.mock.results.map((r) => r.type)).toEqual(['return', 'return']);
    await expect(createUser.mock.results[0]?.value).resolves.toBeNull();
  });

  it('answers a sign-up of a registered email as any other, and keeps its password', async () => {
    await signUp('ann@example.com', PASSWORD);
    await expect(signUp('ANN@example.com', 'another long passphrase')).resolves.toEqual({
      email: 'ann@example.com',
    });
    await expect(
      service.login('ann@example.com', 'another long passphrase', client()),
    ).rejects.toBeInstanceOf(AuthenticationError);
    expect((await service.login('ann@example.com', PASSWORD, client())).user.email).toBe(
      'ann@example.com',
    );
  });

  it('refuses bad emails, short, common and email-like passwords', async () => {
    await expect(signUp('not-an-email', 'short')).rejects.toMatchObject({
      errors: [
        { field: 'email', message: 'is not an email address' },
        { field: 'password', message: 'must be 10 to 1024 characters' },
      ],
    });
    // A `:` would make an email look like a bootstrap account's name.
    await expect(signUp('user:ann@example.com')).rejects.toBeInstanceOf(InvalidRequestError);
    for (const weak of ['password12', 'qwertyuiop', 'Dragon2024!!', '1234567890', 'Monkey-12345']) {
      await expect(signUp('bob@example.com', weak)).rejects.toMatchObject({
        errors: [{ field: 'password', message: expect.stringContaining('too common') }],
      });
    }
    await expect(
      signUp('carol.smith@example.com', 'carol.smith@example.com'),
    ).rejects.toMatchObject({
      errors: [{ field: 'password', message: 'must not be the email address' }],
    });
    await expect(signUp('dave@example.com', 'correct horse battery staple')).resolves.toBeDefined();
  });

  it('limits sign-ups per address: 10 an hour', async () => {
    for (let i = 0; i < 10; i += 1) await signUp(`user${i}@example.com`, PASSWORD, '10.0.0.7');
    await expect(signUp('user10@example.com', PASSWORD, '10.0.0.7')).rejects.toMatchObject({
      retryAfterSeconds: 3600,
    });
    await expect(signUp('user10@example.com', PASSWORD, '10.0.0.8')).resolves.toBeDefined();
    now = new Date(now.getTime() + 3_600_000);
    await expect(signUp('user11@example.com', PASSWORD, '10.0.0.7')).resolves.toBeDefined();
  });

  it('logs in with the right password only, with one message for both wrong cases', async () => {
    await signUp();
    const { user } = await service.login('ann@example.com', PASSWORD, client());
    expect(user.email).toBe('ann@example.com');
    const wrongPassword = await service
      .login('ann@example.com', 'wrong password', client())
      .catch((e: Error) => e);
    const unknownUser = await service
      .login('bob@example.com', PASSWORD, client())
      .catch((e: Error) => e);
    expect(wrongPassword).toBeInstanceOf(AuthenticationError);
    expect(unknownUser).toBeInstanceOf(AuthenticationError);
    expect((wrongPassword as Error).message).toBe((unknownUser as Error).message);
  });

  it('holds the limits under concurrency: 40 guesses at once, 5 reach the password check', async () => {
    await signUp();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        service
          .login('ann@example.com', i === 39 ? PASSWORD : `wrong guess ${i}`, client(`10.1.0.${i}`))
          .then(
            () => 'in',
            (e: unknown) => (e instanceof RateLimitedError ? 'limited' : 'wrong'),
          ),
      ),
    );
    const checked = guesses.filter((g) => g !== 'limited');
    expect(checked).toHaveLength(5);
    expect(guesses.filter((g) => g === 'limited')).toHaveLength(35);
  });

  it("backs off per email, never locking: strangers' failures delay the owner, then lapse", async () => {
    await signUp();
    for (let i = 0; i < 5; i += 1) {
      await expect(
        service.login('ann@example.com', 'wrong password', client(`10.0.1.${i}`)),
      ).rejects.toBeInstanceOf(AuthenticationError);
    }
    // The 5th failure set a 1 s delay; the 6th a 2 s one, and so on (at most 5 minutes).
    await expect(
      service.login('ann@example.com', PASSWORD, client('10.9.9.9')),
    ).rejects.toMatchObject({
      retryAfterSeconds: 1,
    });
    now = new Date(now.getTime() + 1000);
    await expect(
      service.login('ann@example.com', 'wrong password', client('10.0.1.6')),
    ).rejects.toBeInstanceOf(AuthenticationError);
    await expect(
      service.login('ann@example.com', PASSWORD, client('10.9.9.9')),
    ).rejects.toMatchObject({
      retryAfterSeconds: 2,
    });
    now = new Date(now.getTime() + 2000);
    // The owner's success starts the count over.
    expect((await service.login('ann@example.com', PASSWORD, client('10.9.9.9'))).user.email).toBe(
      'ann@example.com',
    );
    await expect(
      service.login('ann@example.com', 'wrong password', client('10.0.1.7')),
    ).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('limits failures per address: 10 in 15 minutes, whatever the emails', async () => {
    await signUp();
    for (let i = 0; i < 10; i += 1) {
      await expect(
        service.login(`nobody${i}@example.com`, 'wrong password', client('10.0.0.66')),
      ).rejects.toBeInstanceOf(AuthenticationError);
    }
    await expect(
      service.login('ann@example.com', PASSWORD, client('10.0.0.66')),
    ).rejects.toMatchObject({
      retryAfterSeconds: 900,
    });
    // Another address is not affected, and successes are not counted.
    for (let i = 0; i < 12; i += 1)
      await service.login('ann@example.com', PASSWORD, client('10.0.0.67'));
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await service.login('ann@example.com', PASSWORD, client('10.0.0.66'))).user.email).toBe(
      'ann@example.com',
    );
  });

  it('counts IPv6 clients per /64', async () => {
    await signUp();
    for (let i = 0; i < 10; i += 1) {
      await expect(
        service.login(`nobody${i}@example.com`, 'wrong password', client(`2001:db8:1:2::${i + 1}`)),
      ).rejects.toBeInstanceOf(AuthenticationError);
    }
    await expect(
      service.login('ann@example.com', PASSWORD, client('2001:db8:1:2:ffff::1')),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('idles out after 14 days, and ends 30 days after log-in however used', async () => {
    await signUp();
    const { session } = await service.login('ann@example.com', PASSWORD, client());
    now = new Date(now.getTime() + SESSION_TTL_MS - 1000);
    const resumed = await service.sessions.resume(session.token);
    expect(resumed?.expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    now = new Date(now.getTime() + SESSION_TTL_MS - 1000);
    await service.sessions.resume(session.token);
    now = new Date(session.record.createdAt.getTime() + SESSION_MAX_AGE_MS - 60_000);
    const late = await service.sessions.resume(session.token);
    // The idle expiry never passes the absolute end.
    expect(late?.expiresAt.getTime()).toBe(session.record.createdAt.getTime() + SESSION_MAX_AGE_MS);
    now = new Date(session.record.createdAt.getTime() + SESSION_MAX_AGE_MS);
    expect(await service.sessions.resume(session.token)).toBeNull();

    const second = await service.login('ann@example.com', PASSWORD, client());
    now = new Date(now.getTime() + SESSION_TTL_MS + 1);
    expect(await service.sessions.resume(second.session.token)).toBeNull();
    const third = await service.login('ann@example.com', PASSWORD, client());
    await service.sessions.close(third.session.token);
    expect(await service.sessions.resume(third.session.token)).toBeNull();
    expect(await service.sessions.resume(undefined)).toBeNull();
  });

  it('lists sessions and logs out everywhere', async () => {
    await signUp();
    const a = await service.login('ann@example.com', PASSWORD, client('10.0.0.1'));
    now = new Date(now.getTime() + 1000);
    const b = await service.login('ann@example.com', PASSWORD, client('10.0.0.2'));
    expect((await service.sessions.list(a.user.id)).map((s) => s.clientAddress)).toEqual([
      '10.0.0.2',
      '10.0.0.1',
    ]);
    expect(await service.sessions.closeAll(a.user.id)).toBe(2);
    expect(await service.sessions.resume(a.session.token)).toBeNull();
    expect(await service.sessions.resume(b.session.token)).toBeNull();
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    await signUp();
    const here = await service.login('ann@example.com', PASSWORD, client());
    const elsewhere = await service.login('ann@example.com', PASSWORD, client('10.0.0.2'));
    await expect(
      service.changePassword(
        here.session.record,
        'not the password',
        'a brand new passphrase',
        client(),
      ),
    ).rejects.toMatchObject({ errors: [{ field: 'current_password' }] });
    await expect(
      service.changePassword(here.session.record, PASSWORD, 'password123', client()),
    ).rejects.toMatchObject({ errors: [{ field: 'new_password' }] });
    await expect(
      service.changePassword(here.session.record, PASSWORD, 'a brand new passphrase', client()),
    ).resolves.toEqual({ sessionsEnded: 1 });
    expect(await service.sessions.resume(here.session.token)).not.toBeNull();
    expect(await service.sessions.resume(elsewhere.session.token)).toBeNull();
    await expect(service.login('ann@example.com', PASSWORD, client())).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    await service.login('ann@example.com', 'a brand new passphrase', client());
  });

  it('compares CSRF tokens exactly', async () => {
    await signUp();
    const { session } = await service.login('ann@example.com', PASSWORD, client());
    expect(csrfTokenMatches(session.record, session.record.csrfToken)).toBe(true);
    expect(csrfTokenMatches(session.record, `${session.record.csrfToken}x`)).toBe(false);
    expect(csrfTokenMatches(session.record, undefined)).toBe(false);
  });
});
