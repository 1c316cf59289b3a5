import { timingSafeEqual } from 'node:crypto';
import type { SessionRecord, SessionStore } from '@docent/metadata-store';
import { hashSecretToken, randomSecretToken } from './secret-token';

export const SESSION_COOKIE = 'docent_session';
/** Sliding: every use pushes the expiry out again. */
export const SESSION_TTL_MS = 14 * 24 * 3600_000;
/** Writes the new expiry at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** The stored id is the hash of the cookie value: a leaked table opens no session. */
export const hashSessionToken: (token: string) => string = hashSecretToken;

export interface OpenedSession {
  /** The cookie value, given to the browser only. */
  token: string;
  record: SessionRecord;
}

export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async open(accountId: string, userId: string): Promise<OpenedSession> {
    const token = randomSecretToken();
    const now = this.now();
    const record: SessionRecord = {
      id: hashSessionToken(token),
      accountId,
      userId,
      csrfToken: randomSecretToken(),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    };
    await this.store.createSession(record);
    // Housekeeping on a rare write instead of a timer: expired sessions go.
    await this.store.deleteExpiredSessions(now);
    return { token, record };
  }

  /** The live session of a cookie value, its expiry pushed out; null when none. */
  async resume(token: string | undefined): Promise<SessionRecord | null> {
    if (!token || token.length > 256) return null;
    const session = await this.store.findSession(hashSessionToken(token));
    const now = this.now();
    if (!session) return null;
    if (session.expiresAt.getTime() <= now.getTime()) {
      await this.store.deleteSession(session.id);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await this.store.touchSession(session.id, now, expiresAt);
      return { ...session, lastSeenAt: now, expiresAt };
    }
    return session;
  }

  async close(token: string | undefined): Promise<void> {
    if (token) await this.store.deleteSession(hashSessionToken(token));
  }
}

/** Constant-time comparison of the `X-CSRF-Token` header with the session's token. */
export function csrfTokenMatches(session: SessionRecord, header: string | undefined): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'utf8');
  const expected = Buffer.from(session.csrfToken, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
