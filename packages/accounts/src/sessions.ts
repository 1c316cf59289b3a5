import { timingSafeEqual } from 'node:crypto';
import type { SessionRecord, SessionStore } from '@docent/metadata-store';
import { hashSecretToken, randomSecretToken } from './secret-token';

/** Idle timeout: every use pushes the expiry out again, up to the absolute lifetime. */
export const SESSION_TTL_MS = 14 * 24 * 3600_000;
/** However much it is used, a session ends this long after the log-in. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
/** Writes the new expiry at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** The stored id is the hash of the cookie value: a leaked table opens no session. */
export const hashSessionToken: (token: string) => string = hashSecretToken;

/** Where a session was opened from, for the user's session list. */
export interface ClientInfo {
  address: string;
  userAgent: string | null;
}

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

  async open(accountId: string, userId: string, client: ClientInfo): Promise<OpenedSession> {
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
      userAgent: client.userAgent?.slice(0, 255) ?? null,
      clientAddress: client.address.slice(0, 64),
    };
    await this.store.createSession(record);
    // Housekeeping on a rare write instead of a timer: expired sessions go.
    await this.store.deleteExpiredSessions(now);
    return { token, record };
  }

  /** The live session of a cookie value, its idle expiry pushed out; null when none. */
  async resume(token: string | undefined): Promise<SessionRecord | null> {
    if (!token || token.length > 256) return null;
    const session = await this.store.findSession(hashSessionToken(token));
    const now = this.now();
    if (!session) return null;
    if (session.expiresAt.getTime() <= now.getTime() || endOf(session) <= now.getTime()) {
      await this.store.deleteSession(session.id);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, endOf(session)));
      await this.store.touchSession(session.id, now, expiresAt);
      return { ...session, lastSeenAt: now, expiresAt };
    }
    return session;
  }

  async close(token: string | undefined): Promise<void> {
    if (token) await this.store.deleteSession(hashSessionToken(token));
  }

  /** The user's live sessions, newest first. */
  async list(userId: string): Promise<SessionRecord[]> {
    const now = this.now().getTime();
    return (await this.store.listSessions(userId)).filter(
      (s) => s.expiresAt.getTime() > now && endOf(s) > now,
    );
  }

  /** Ends every session of the user (but `exceptId`); returns how many ended. */
  async closeAll(userId: string, exceptId: string | null = null): Promise<number> {
    return this.store.deleteSessionsOfUser(userId, exceptId);
  }
}

/** When the session ends at the latest (its absolute lifetime). */
export function endOf(session: SessionRecord): number {
  return session.createdAt.getTime() + SESSION_MAX_AGE_MS;
}

/** Constant-time comparison of the `X-CSRF-Token` header with the session's token. */
export function csrfTokenMatches(session: SessionRecord, header: string | undefined): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'utf8');
  const expected = Buffer.from(session.csrfToken, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
