import { InvalidRequestError } from '@docent/domain-errors';
import type {
  SessionRecord,
  SessionStore,
  ThrottleStore,
  UserRecord,
  UserStore,
} from '@docent/metadata-store';
import { AuthenticationError } from './account-errors';
import { addressKey, AttemptThrottle, LIMITS, type AttemptKey } from './attempt-throttle';
import {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  verifyPassword,
  type ScryptCost,
} from './password-hash';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password-policy';
import { SessionService, type ClientInfo, type OpenedSession } from './sessions';

/** What browsers accept as `type=email` (WHATWG): no `:`, so never a bootstrap account name. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export interface SignedIn {
  user: UserRecord;
  session: OpenedSession;
}

export interface UserAccountOptions {
  scryptCost?: ScryptCost;
  /** The clock of the sessions and of the attempt counters. */
  now?: () => Date;
}

/** Sign-up and log-in with email and password; each user owns one account. */
export class UserAccountService {
  readonly sessions: SessionService;
  private readonly throttle: AttemptThrottle;
  private readonly scryptCost: ScryptCost;
  private readonly now: () => Date;
  /** Compared against when the email is unknown, so both paths take as long. */
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly store: UserStore & SessionStore & ThrottleStore,
    options: UserAccountOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.sessions = new SessionService(store, this.now);
    this.throttle = new AttemptThrottle(store, () => this.now().getTime());
    this.scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  }

  /**
   * Creates the user unless the email is taken, and answers the same either way, after the
   * same work (one scrypt): a sign-up never tells whether an email has an account. The caller
   * logs in next. Sign-ups per address are limited.
   */
  async signup(
    emailInput: string,
    password: string,
    client: ClientInfo,
  ): Promise<{ email: string }> {
    const email = normaliseEmail(emailInput);
    const problems = [];
    if (!EMAIL.test(email) || email.length > 320) {
      problems.push({ field: 'email', message: 'is not an email address' });
    }
    const weak = passwordProblem(password, email);
    if (weak) problems.push({ field: 'password', message: weak });
    if (problems.length > 0) throw new InvalidRequestError('Cannot sign up.', problems);
    await this.throttle.reserve([
      { key: `signup-ip:${addressKey(client.address)}`, limit: LIMITS.signupPerAddress },
    ]);
    await this.store.createUser({
      email,
      passwordHash: await hashPassword(password, this.scryptCost),
      at: this.now(),
    });
    return { email };
  }

  /**
   * The attempt is reserved (per address, then per email) before the password is checked, so
   * concurrent guesses cannot outrun the limits.
   */
  async login(emailInput: string, password: string, client: ClientInfo): Promise<SignedIn> {
    const email = normaliseEmail(emailInput);
    if (password.length > MAX_PASSWORD_LENGTH) throw new AuthenticationError();
    const reservation = await this.throttle.reserve(attemptKeys(email, client));
    const user = await this.store.findUserByEmail(email);
    const ok = user
      ? await verifyPassword(password, user.passwordHash)
      : await this.decoy(password);
    if (!user || !ok) throw new AuthenticationError();
    await this.throttle.release(reservation);
    return { user, session: await this.sessions.open(user.accountId, user.id, client) };
  }

  /**
   * Checks the current password (under the login limits: a stolen session must not become a
   * password oracle), stores the new one and ends every other session of the user.
   */
  async changePassword(
    session: SessionRecord,
    current: string,
    next: string,
    client: ClientInfo,
  ): Promise<{ sessionsEnded: number }> {
    const user = await this.userOf(session);
    if (!user) throw new AuthenticationError('The session expired or ended; log in again.');
    const weak = passwordProblem(next, user.email);
    if (weak) {
      throw new InvalidRequestError('Cannot change the password.', [
        { field: 'new_password', message: weak },
      ]);
    }
    const reservation = await this.throttle.reserve(attemptKeys(user.email, client));
    if (
      current.length > MAX_PASSWORD_LENGTH ||
      !(await verifyPassword(current, user.passwordHash))
    ) {
      throw new InvalidRequestError('Cannot change the password.', [
        { field: 'current_password', message: 'is not the current password' },
      ]);
    }
    await this.throttle.release(reservation);
    await this.store.setPasswordHash(user.id, await hashPassword(next, this.scryptCost));
    return { sessionsEnded: await this.sessions.closeAll(user.id, session.id) };
  }

  async userOf(session: SessionRecord): Promise<UserRecord | null> {
    return this.store.findUserByAccount(session.accountId);
  }

  private async decoy(password: string): Promise<false> {
    this.decoyHash ??= hashPassword('decoy password never matches', this.scryptCost);
    await verifyPassword(password, await this.decoyHash);
    return false;
  }
}

/** Per address first (strangers elsewhere cannot use it up), then the email's back-off. */
function attemptKeys(email: string, client: ClientInfo): AttemptKey[] {
  return [
    { key: `login-ip:${addressKey(client.address)}`, limit: LIMITS.loginPerAddress },
    { key: `login-email:${email}`, limit: LIMITS.loginPerAccount },
  ];
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
