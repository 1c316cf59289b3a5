import {
  SourceError,
  type SourceConnector,
  type SourceCredentials,
  type SourceHttpClient,
  type SourceSession,
} from '@docent/connector-sdk';
import type { SecretBox } from '@docent/credentials-vault';
import type { IndexedVersions, IngestionRecord } from '@docent/metadata-store';
import type { ConnectorRegistry } from './connector-registry';
import type { Logger } from './logger';
import type { SourceConnections } from './source-connections';
import { mergeSecrets } from './spec-secrets';

export interface SourceSessionDeps {
  connectors: ConnectorRegistry;
  /** Where the versions indexed by earlier syncs are (for conditional requests). */
  ledger: IndexedVersions;
  secrets: SecretBox;
  http: SourceHttpClient;
  connections: SourceConnections;
  endpoints: Readonly<Record<string, string>>;
  logger: Logger;
}

/** The descriptor's facts (link rules, name style) are read from the registry, not from here. */
export interface OpenedSource {
  session: SourceSession;
}

/**
 * Opens an ingestion's source with its stored spec and sealed secrets: the listing job opens
 * one session, and every batch job that must fetch content opens its own.
 */
export class SourceSessions {
  constructor(private readonly deps: SourceSessionDeps) {}

  async open(ingestion: IngestionRecord, signal: AbortSignal): Promise<OpenedSource> {
    const { connectors, secrets: box } = this.deps;
    const registered = connectors.get(ingestion.type);
    const { connector } = registered;
    const secrets = ingestion.secrets
      ? box.openJson<Record<string, unknown>>(ingestion.secrets, ingestion.id)
      : null;
    const validation = registered.validateSpec(mergeSecrets(ingestion.spec, secrets));
    if (!validation.ok) throw new SourceError('internal', 'the stored spec no longer validates');
    const spec = validation.spec;
    const session = await connector.open({
      spec,
      credentials: await this.credentialsFor(connector, spec as Record<string, unknown>, ingestion),
      http: this.deps.http,
      signal,
      log: this.deps.logger,
      endpoints: this.deps.endpoints,
      indexedVersion: async (sourceId) =>
        (await this.deps.ledger.indexedVersion(
          ingestion.collectionId,
          ingestion.sourceKey,
          sourceId,
        )) ?? undefined,
    });
    return { session };
  }

  private async credentialsFor(
    connector: SourceConnector<unknown>,
    spec: Record<string, unknown>,
    ingestion: IngestionRecord,
  ): Promise<SourceCredentials> {
    const mode = connector.authModeFor(spec);
    const token = typeof spec.token === 'string' ? spec.token : '';
    if (mode === 'basic') {
      return { mode, username: String(spec.username ?? ''), token };
    }
    if (mode === 'bearer') return { mode, token };
    const credentials = await this.deps.connections.credentials(
      ingestion.accountId,
      ingestion.type,
    );
    if (!credentials) {
      throw new SourceError(
        'source_auth_failed',
        `This account's ${ingestion.type} connection was removed; reconnect it or pass a token.`,
      );
    }
    return credentials;
  }
}
