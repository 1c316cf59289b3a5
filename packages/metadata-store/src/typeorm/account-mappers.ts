import type { ConnectionRecord, OAuthStateRecord, SessionRecord, UserRecord } from '../records';
import type { ConnectionRow, OAuthStateRow, SessionRow, UserRow } from './schema';

/** Row ↔ record conversions of the account-side tables (users, sessions, OAuth). */
export function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
}

export function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export function sessionRow(record: SessionRecord): SessionRow {
  return {
    id: record.id,
    account_id: record.accountId,
    user_id: record.userId,
    csrf_token: record.csrfToken,
    created_at: record.createdAt,
    last_seen_at: record.lastSeenAt,
    expires_at: record.expiresAt,
  };
}

export function toOAuthState(row: OAuthStateRow): OAuthStateRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    sessionId: row.session_id,
    type: row.type,
    pkceVerifier: row.pkce_verifier,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export function oauthStateRow(record: OAuthStateRecord): OAuthStateRow {
  return {
    id: record.id,
    account_id: record.accountId,
    session_id: record.sessionId,
    type: record.type,
    pkce_verifier: record.pkceVerifier,
    created_at: record.createdAt,
    expires_at: record.expiresAt,
  };
}

export function toConnection(row: ConnectionRow): ConnectionRecord {
  return {
    accountId: row.account_id,
    type: row.type,
    tokens: row.tokens,
    accountLabel: row.account_label,
    details: row.details_json ? (JSON.parse(row.details_json) as Record<string, unknown>) : null,
    expiresAt: row.expires_at,
    connectedAt: row.connected_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}
