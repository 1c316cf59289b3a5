import type { AccountSession, ApiKey, BrowserSession } from '@docent/contract';
import type { ApiKeyRecord, SessionRecord, UserRecord } from '@docent/metadata-store';

export function presentAccountSession(user: UserRecord, session: SessionRecord): AccountSession {
  return {
    account: { email: user.email, created_at: user.createdAt },
    csrf_token: session.csrfToken,
  };
}

export function presentApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    prefix: record.prefix,
    label: record.label,
    scope: record.scope,
    created_at: record.createdAt,
    last_used_at: record.lastUsedAt,
  };
}

export function presentBrowserSession(session: SessionRecord, currentId: string): BrowserSession {
  return {
    created_at: session.createdAt,
    last_seen_at: session.lastSeenAt,
    expires_at: session.expiresAt,
    user_agent: session.userAgent,
    client_address: session.clientAddress,
    current: session.id === currentId,
  };
}
