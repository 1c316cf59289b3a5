import { randomBytes } from 'node:crypto';
import type { FakeNotionIntegration, FakeSharing } from './fake-notion-types';
import { normaliseNotionId, notionIdFor } from './notion-ids';

/** A token and what it can see; OAuth tokens may expire. */
export interface Integration {
  token: string;
  botId: string;
  botName: string;
  workspaceName: string;
  /** 'all' or the ids of shared pages/databases (their descendants come along). */
  shared: 'all' | Set<string>;
  /** ms since epoch; null: never. */
  expiresAt: number | null;
}

/** The integrations (tokens) the fake knows, including those minted by OAuth. */
export class IntegrationBook {
  private readonly byToken = new Map<string, Integration>();

  constructor(integrations: readonly FakeNotionIntegration[]) {
    for (const integration of integrations) {
      this.register({
        token: integration.token,
        shared: integration.shared ?? 'all',
        botName: integration.botName ?? 'Docent',
        workspaceName: integration.workspaceName ?? 'Acme',
        expiresAt: null,
      });
    }
  }

  register(input: {
    token: string;
    shared: FakeSharing;
    botName: string;
    workspaceName: string;
    expiresAt: number | null;
  }): Integration {
    const integration: Integration = {
      token: input.token,
      botId: notionIdFor(`bot:${input.token}`),
      botName: input.botName,
      workspaceName: input.workspaceName,
      shared: input.shared === 'all' ? 'all' : new Set(input.shared.map(canonicalId)),
      expiresAt: input.expiresAt,
    };
    this.byToken.set(integration.token, integration);
    return integration;
  }

  /** A valid, unexpired integration for this bearer token. */
  find(token: string, nowMs: number): Integration | undefined {
    const integration = this.byToken.get(token);
    if (!integration) return undefined;
    if (integration.expiresAt !== null && nowMs >= integration.expiresAt) return undefined;
    return integration;
  }

  /** The integration a mutation without a token means: the first one registered. */
  pick(token: string | undefined): Integration {
    const integration =
      token === undefined ? this.byToken.values().next().value : this.byToken.get(token);
    if (!integration) throw new Error(token ? 'unknown integration token' : 'no integration');
    return integration;
  }

  share(token: string | undefined, id: string): void {
    const integration = this.pick(token);
    if (integration.shared === 'all') return;
    integration.shared.add(canonicalId(id));
  }

  unshare(token: string | undefined, id: string): void {
    const integration = this.pick(token);
    if (integration.shared === 'all') {
      throw new Error('this integration sees every page; give it a list of shared pages first');
    }
    integration.shared.delete(canonicalId(id));
  }
}

function canonicalId(id: string): string {
  const normalised = normaliseNotionId(id);
  if (normalised === undefined) throw new Error(`not a UUID: ${id}`);
  return normalised;
}

/** Opaque secrets in the shapes Notion uses (`ntn_…`). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(18).toString('base64url')}`;
}
