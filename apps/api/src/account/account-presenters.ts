import type { ApiKey, AccountSession } from '@docent/contract';
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
    created_at: record.createdAt,
    last_used_at: record.lastUsedAt,
  };
}
