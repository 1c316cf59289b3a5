import { InvalidRequestError } from '@docent/domain-errors';
import type { SessionRecord, SessionStore, UserRecord, UserStore } from '@docent/metadata-store';
import { AuthenticationError, LoginRateLimitedError } from './account-errors';
import { LoginLimiter } from './login-limiter';
import {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  verifyPassword,
  type ScryptCost,
} from './password-hash';
import { SessionService, type OpenedSession } from './sessions';

export const MIN_PASSWORD_LENGTH = 10;
/** scrypt of a very long input is still cheap, but bodies are capped well below abuse. */
const MAX_PASSWORD_LENGTH = 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignedIn {
  user: UserRecord;
  session: OpenedSession;
}

export interface UserAccountOptions {
  scryptCost?: ScryptCost;
  /** The clock of the sessions and of the failed-login window. */
  now?: () => Date;
}

/** Sign-up and log-in with email and password; each user owns one account. */
export class UserAccountService {
  readonly sessions: SessionService;
  private readonly limiter: LoginLimiter;
  private readonly scryptCost: ScryptCost;
  private readonly now: () => Date;
  /** Compared against when the email is unknown, so both paths take as long. */
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly store: UserStore & SessionStore,
    options: UserAccountOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.sessions = new SessionService(store, this.now);
    this.limiter = new LoginLimiter(() => this.now().getTime());
    this.scryptCost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  }

  async signup(emailInput: string, password: string): Promise<SignedIn> {
    const email = normaliseEmail(emailInput);
    const problems = [];
    if (!EMAIL.test(email) || email.length > 320) {
      problems.push({ field: 'email', message: 'is not an email address' });
    }
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      problems.push({
        field: 'password',
        message: `must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
      });
    }
    if (problems.length > 0) throw new InvalidRequestError('Cannot sign up.', problems);
    const user = await this.store.createUser({
      email,
      passwordHash: await hashPassword(password, this.scryptCost),
      at: this.now(),
    });
    if (!user) {
      throw new InvalidRequestError('Cannot sign up.', [
        { field: 'email', message: 'already registered' },
      ]);
    }
    return { user, session: await this.sessions.open(user.accountId, user.id) };
  }

  /** `clientAddress` counts failures per IP as well as per email. */
  async login(emailInput: string, password: string, clientAddress: string): Promise<SignedIn> {
    const email = normaliseEmail(emailInput);
    const keys = [`email:${email}`, `ip:${clientAddress}`];
    const wait = this.limiter.retryAfter(keys);
    if (wait > 0) throw new LoginRateLimitedError(wait);
    const user = await this.store.findUserByEmail(email);
    const ok = user
      ? await verifyPassword(password, user.passwordHash)
      : await this.decoy(password);
    if (!user || !ok) {
      this.limiter.recordFailure(keys);
      throw new AuthenticationError();
    }
    this.limiter.reset(`email:${email}`);
    return { user, session: await this.sessions.open(user.accountId, user.id) };
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

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
