import type {
  ApiKeyKind,
  ApiKeyRecord,
  ApiKeyScope,
  SessionRecord,
  UserRecord,
} from '../ports/accounts';
import type { CollectionRecord, DocumentRecord } from '../ports/catalog';
import type {
  ConnectionRecord,
  OAuthLinkRecord,
  OAuthStateRecord,
} from '../ports/oauth-connections';
import type {
  ApiKeyRow,
  CollectionRow,
  ConnectionRow,
  DocumentRow,
  OAuthLinkRow,
  OAuthStateRow,
  SessionRow,
  UserRow,
} from './rows';

/** Row ↔ record conversions (the ingestion's, which need joins, are in ingestion-rows). */
export function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind as ApiKeyKind,
    scope: row.scope as ApiKeyScope,
    prefix: row.prefix,
    label: row.label,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

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
    userAgent: row.user_agent,
    clientAddress: row.client_address,
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
    user_agent: record.userAgent,
    client_address: record.clientAddress,
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

export function toOAuthLink(row: OAuthLinkRow): OAuthLinkRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
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

export function toCollection(row: CollectionRow): CollectionRecord {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    collectionId: row.collection_id,
    name: row.name,
    sourceType: row.source_type,
    sourceKey: row.source_key,
    sourceId: row.source_id,
    sourceUrl: row.source_url,
    pageUrlTemplate: row.page_url_template ?? null,
    version: row.version,
    pageCount: Number(row.page_count),
    chunkCount: Number(row.chunk_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
