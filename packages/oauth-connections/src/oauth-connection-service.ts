import { createHash, randomBytes } from 'node:crypto';
import { SourceError, type SourceCredentials } from '@docent/connector-sdk';
import type { SecretBox } from '@docent/credentials-vault';
import { InvalidRequestError } from '@docent/domain-errors';
import type { SourceConnections } from '@docent/ingestion';
import type { ConnectionRecord, OAuthConnectionStore } from '@docent/metadata-store';
import { KeyedConcurrencyGates } from '@docent/concurrency-gate';
import { OAuthCallbackError, TokenEndpointError } from './oauth-errors';
import type { OAuthProviderDescriptor } from '@docent/connector-sdk';
import type {
  ConnectionTokens,
  FetchFunction,
  OAuthClientConfig,
  OAuthProviders,
  TokenGrant,
} from './oauth-types';
import { requestToken } from './token-endpoint';

const STATE_TTL_MS = 10 * 60_000;
/** How long a connect link an API client was given stays valid (it is single-use). */
const LINK_TTL_MS = 60 * 60_000;
/** Tokens expiring sooner than this are refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface OAuthConnectionOptions {
  store: OAuthConnectionStore;
  secrets: SecretBox;
  /** The loaded connectors' OAuth providers, by source type. */
  providers: OAuthProviders;
  /** The configured apps; a type without one cannot be connected. */
  clients: Readonly<Record<string, OAuthClientConfig>>;
  /** External base URL: the redirect URI is `${publicUrl}/oauth/callback`. */
  publicUrl: string;
  /** The connectors' endpoints, for providers that identify a connection through an API. */
  endpoints: Readonly<Record<string, string>>;
  fetchFn?: FetchFunction;
  now?: () => Date;
}

export interface ConnectionView {
  type: string;
  accountLabel: string | null;
  /** The sites the connection can read, where the provider has several (Atlassian). */
  sites: Array<{ name: string; url: string }>;
  connectedAt: Date;
  expiresAt: Date | null;
}

export interface CallbackInput {
  state: string | undefined;
  code: string | undefined;
  /** The provider's `error` parameter (the user denied access, ...). */
  error: string | undefined;
  /** The stored id of the browser session the callback came with, if any. */
  sessionId: string | null;
}

/** The signed-in browser session opening a connect link. */
export interface LinkOpener {
  sessionId: string;
  accountId: string;
}

/** A connect link that is still valid: what it connects, to which account. */
export interface PendingLink {
  accountId: string;
  type: string;
  expiresAt: Date;
}

/**
 * OAuth connections of accounts: the authorize URL (single-use `state` bound to the account and
 * to a signed-in browser session, PKCE where supported), connect links for API clients, the
 * callback's code exchange, sealed tokens, refresh before expiry, and the ingestion port that
 * hands out access tokens.
 *
 * A connection is only ever made for the account whose user consented in a browser signed in
 * to it: the callback refuses a `state` whose session is not the browser's. An API client has
 * no browser session, so it gets a connect link instead; the link becomes an authorization only
 * in a browser signed in to the same account.
 */
export class OAuthConnectionService implements SourceConnections {
  private readonly fetchFn: FetchFunction;
  private readonly now: () => Date;
  private readonly refreshes = new KeyedConcurrencyGates();
  private readonly redirectUri: string;
  private readonly publicUrl: string;

  constructor(private readonly options: OAuthConnectionOptions) {
    this.fetchFn = options.fetchFn ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.redirectUri = `${this.publicUrl}/oauth/callback`;
  }

  /**
   * Where to send a user to connect `type`: a browser session gets the provider's authorize
   * URL (its `state` bound to the session, valid 10 minutes, once); an API client (no session)
   * gets a connect link on Docent, valid an hour, once.
   */
  async authorize(accountId: string, type: string, sessionId: string | null): Promise<string> {
    if (sessionId === null) return this.createLink(accountId, type);
    return this.authorizeUrl(accountId, type, sessionId);
  }

  /** The link's account and type while it is valid; null when unknown, used or expired. */
  async pendingLink(token: string | undefined): Promise<PendingLink | null> {
    if (!token || token.length > 128) return null;
    const link = await this.options.store.findOAuthLink(sha256(token));
    if (!link || link.expiresAt.getTime() <= this.now().getTime()) return null;
    return {
      accountId: link.accountId,
      type: this.requireType(link.type),
      expiresAt: link.expiresAt,
    };
  }

  /**
   * A signed-in browser opens a connect link: when it is the link's account, the link is spent
   * and the provider's authorize URL (bound to that session) comes back. `pending` is the
   * link's `pendingLink(token)` when the caller already read it (saves reading it again);
   * whether the link is still unspent is decided by the atomic take below either way.
   */
  async openLink(
    token: string | undefined,
    opener: LinkOpener,
    pending?: PendingLink,
  ): Promise<string> {
    const link = pending ?? (await this.pendingLink(token));
    if (!link) {
      throw new OAuthCallbackError(
        'This connect link is unknown, was already used, or expired (1 hour). Ask for a new one.',
      );
    }
    if (link.accountId !== opener.accountId) {
      throw new OAuthCallbackError(
        'This connect link belongs to another Docent account than the one signed in here. Nothing was connected: log in to the account the link was made for, or ask its owner to connect.',
      );
    }
    if (!(await this.options.store.takeOAuthLink(sha256(token!)))) {
      throw new OAuthCallbackError('This connect link was already used. Ask for a new one.');
    }
    return this.authorizeUrl(link.accountId, link.type, opener.sessionId);
  }

  private async createLink(accountId: string, type: string): Promise<string> {
    const { provider } = this.configured(type);
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.options.store.saveOAuthLink({
      id: sha256(token),
      accountId,
      type: provider.type,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    });
    await this.options.store.deleteExpiredOAuthLinks(now);
    return `${this.publicUrl}/oauth/start?link=${token}`;
  }

  private async authorizeUrl(accountId: string, type: string, sessionId: string): Promise<string> {
    const { provider, client } = this.configured(type);
    const state = randomBytes(32).toString('base64url');
    const stateId = sha256(state);
    const verifier = provider.pkce ? randomBytes(48).toString('base64url') : null;
    const now = this.now();
    await this.options.store.saveOAuthState({
      id: stateId,
      accountId,
      sessionId,
      type: provider.type,
      pkceVerifier: verifier ? this.options.secrets.seal(verifier, stateContext(stateId)) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    // Housekeeping on a rare write instead of a timer: authorizations never completed go.
    await this.options.store.deleteExpiredOAuthStates(now);
    const url = new URL(client.authorizeUrl);
    const params: Record<string, string> = {
      client_id: client.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      state,
      ...provider.authorizeParams,
    };
    if (verifier) {
      params.code_challenge = createHash('sha256').update(verifier).digest('base64url');
      params.code_challenge_method = 'S256';
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  /**
   * The provider redirected back: checks the state (consumed whatever happens next) and that
   * the browser's session is the one it is bound to, exchanges the code and stores the
   * connection on the session's account. Throws OAuthCallbackError with a message for the page.
   */
  async complete(input: CallbackInput): Promise<ConnectionView & { accountId: string }> {
    if (!input.state) throw new OAuthCallbackError('The callback has no state.');
    const stateId = sha256(input.state);
    const pending = await this.options.store.takeOAuthState(stateId);
    if (!pending) {
      throw new OAuthCallbackError(
        'This authorization is unknown or was already used. Start the connection again.',
      );
    }
    if (pending.expiresAt.getTime() <= this.now().getTime()) {
      throw new OAuthCallbackError('This authorization expired (10 minutes). Start it again.');
    }
    // Whoever consented at the provider, only the signed-in session that started the flow
    // gets the connection: else a link passed to someone else connects *their* workspace.
    if (input.sessionId === null) {
      throw new OAuthCallbackError(
        'This browser is not logged in to Docent, so nothing was connected: a connection is made only for the Docent account logged in here. Log in and start the connection again.',
      );
    }
    if (pending.sessionId !== input.sessionId) {
      throw new OAuthCallbackError(
        'This authorization was started in another browser session. Nothing was connected: start it again from here.',
      );
    }
    if (input.error) {
      throw new OAuthCallbackError(
        `The provider did not grant access (${input.error.slice(0, 64)}).`,
      );
    }
    if (!input.code) throw new OAuthCallbackError('The callback has no code.');
    const { provider, client } = this.configured(pending.type);
    const grant: Record<string, string> = {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: this.redirectUri,
    };
    if (pending.pkceVerifier) {
      grant.code_verifier = this.options.secrets.open(pending.pkceVerifier, stateContext(stateId));
    }
    let tokens;
    let identity;
    try {
      tokens = await requestToken(this.fetchFn, client, provider.tokenStyle, grant);
      identity = await provider.identify(tokens, {
        fetchFn: this.fetchFn,
        endpoints: this.options.endpoints,
      });
    } catch (error) {
      throw new OAuthCallbackError(
        `Connecting ${provider.type} failed: ${error instanceof TokenEndpointError ? error.message : 'the provider could not be reached or answered unexpectedly'}.`,
      );
    }
    const now = this.now();
    const saved = await this.options.store.saveConnection({
      accountId: pending.accountId,
      type: provider.type,
      tokens: this.seal(pending.accountId, provider.type, {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      }),
      accountLabel: identity.label,
      details: identity.details,
      expiresAt: expiry(now, tokens.expiresIn),
      connectedAt: now,
    });
    return { ...view(saved), accountId: pending.accountId };
  }

  async list(accountId: string): Promise<ConnectionView[]> {
    return (await this.options.store.listConnections(accountId)).map(view);
  }

  /** Deletes the tokens; false when the type was not connected. */
  async disconnect(accountId: string, type: string): Promise<boolean> {
    return this.options.store.deleteConnection(accountId, this.requireType(type));
  }

  // ---- SourceConnections (the ingestion port)

  async has(accountId: string, sourceType: string): Promise<boolean> {
    return (await this.options.store.getConnection(accountId, sourceType)) !== null;
  }

  async credentials(accountId: string, sourceType: string): Promise<SourceCredentials | null> {
    if (!(await this.has(accountId, sourceType))) return null;
    return { mode: 'oauth', accessToken: () => this.accessToken(accountId, sourceType) };
  }

  /** A valid access token, refreshed first when it expires within 5 minutes. */
  async accessToken(accountId: string, type: string): Promise<string> {
    const current = await this.connection(accountId, type);
    if (!this.expiresSoon(current)) return this.open(current).accessToken;
    // One refresh per connection at a time; whoever waited re-reads what the first stored.
    return this.refreshes.run(`${accountId}:${type}`, async () => {
      const latest = await this.connection(accountId, type);
      if (!this.expiresSoon(latest)) return this.open(latest).accessToken;
      return this.refresh(latest);
    });
  }

  private async refresh(connection: ConnectionRecord): Promise<string> {
    const type = this.requireType(connection.type);
    const tokens = this.open(connection);
    if (!tokens.refreshToken) {
      throw new SourceError(
        'source_auth_failed',
        `The ${type} connection expired and cannot be refreshed; reconnect ${type}.`,
      );
    }
    const { provider, client } = this.configured(type);
    let grant;
    try {
      grant = await requestToken(this.fetchFn, client, provider.tokenStyle, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
    } catch (error) {
      if (error instanceof TokenEndpointError && error.oauthError === 'invalid_grant') {
        // Another process may have spent the rotating refresh token a moment earlier (the mutex
        // is per process): then the connection holds its fresh tokens, which serve us too.
        const latest = await this.connection(connection.accountId, type);
        if (latest.version !== connection.version && !this.expiresSoon(latest)) {
          return this.open(latest).accessToken;
        }
        throw new SourceError(
          'source_auth_failed',
          `The ${type} provider refused to refresh the connection (invalid_grant); reconnect ${type}.`,
        );
      }
      throw new SourceError(
        'source_unreachable',
        `Refreshing the ${type} connection failed: ${error instanceof TokenEndpointError ? error.message : 'the token endpoint could not be reached'}.`,
      );
    }
    const now = this.now();
    // Atlassian and Notion rotate the refresh token; Google keeps the old one valid.
    const refreshed: ConnectionTokens = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? tokens.refreshToken,
    };
    const stored = await this.options.store.updateConnectionTokens(
      connection.accountId,
      type,
      connection.version,
      {
        tokens: this.seal(connection.accountId, type, refreshed),
        expiresAt: expiry(now, grant.expiresIn),
        at: now,
      },
    );
    // Another process refreshed (or the user reconnected) meanwhile: its tokens win.
    if (!stored) return this.open(await this.connection(connection.accountId, type)).accessToken;
    return refreshed.accessToken;
  }

  private async connection(accountId: string, type: string): Promise<ConnectionRecord> {
    const connection = await this.options.store.getConnection(accountId, type);
    if (!connection) {
      throw new SourceError(
        'source_auth_failed',
        `This account's ${type} connection was removed; reconnect ${type} or pass a token.`,
      );
    }
    return connection;
  }

  private expiresSoon(connection: ConnectionRecord): boolean {
    return (
      connection.expiresAt !== null &&
      connection.expiresAt.getTime() - this.now().getTime() < REFRESH_MARGIN_MS
    );
  }

  private configured(type: string): { provider: ResolvedProvider; client: OAuthClientConfig } {
    const known = this.requireType(type);
    const client = this.options.clients[known];
    if (!client) {
      throw new InvalidRequestError(`${known} OAuth is not configured.`, [
        { field: 'type', message: `${known} OAuth is not configured on this server` },
      ]);
    }
    return { provider: resolveProvider(known, this.options.providers[known]!), client };
  }

  /** A type whose connector has an OAuth provider. */
  private requireType(type: string): string {
    if (!Object.hasOwn(this.options.providers, type)) {
      const types = Object.keys(this.options.providers);
      throw new InvalidRequestError('Unknown connection type.', [
        { field: 'type', message: `must be one of ${types.join(', ')}` },
      ]);
    }
    return type;
  }

  private seal(accountId: string, type: string, tokens: ConnectionTokens): string {
    return this.options.secrets.sealJson({ ...tokens }, connectionContext(accountId, type));
  }

  private open(connection: ConnectionRecord): ConnectionTokens {
    return this.options.secrets.openJson<ConnectionTokens>(
      connection.tokens,
      connectionContext(connection.accountId, connection.type),
    );
  }
}

/** A descriptor's provider as the flow uses it. */
interface ResolvedProvider {
  type: string;
  authorizeParams: Record<string, string>;
  pkce: boolean;
  tokenStyle: OAuthProviderDescriptor['tokenRequest'];
  identify(
    grant: TokenGrant,
    context: { fetchFn: FetchFunction; endpoints: Readonly<Record<string, string>> },
  ): Promise<{ label: string | null; details: Record<string, unknown> | null }>;
}

function resolveProvider(type: string, descriptor: OAuthProviderDescriptor): ResolvedProvider {
  const scope = descriptor.scopes?.join(' ');
  return {
    type,
    authorizeParams: { ...(scope ? { scope } : {}), ...descriptor.authorizeParams },
    pkce: descriptor.pkce,
    tokenStyle: descriptor.tokenRequest,
    identify: (grant, context) =>
      descriptor.identify
        ? descriptor.identify(grant, context)
        : Promise.resolve({ label: null, details: null }),
  };
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Sealed values are bound to their row: a copy pasted onto another one does not open. */
function connectionContext(accountId: string, type: string): string {
  return `connection:${accountId}:${type}`;
}

function stateContext(stateId: string): string {
  return `oauth-state:${stateId}`;
}

function expiry(now: Date, expiresIn: number | null): Date | null {
  return expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000);
}

function view(record: ConnectionRecord): ConnectionView {
  return {
    type: record.type,
    accountLabel: record.accountLabel,
    sites: sitesOf(record.details),
    connectedAt: record.connectedAt,
    expiresAt: record.expiresAt,
  };
}

/** The sites an identity step kept (Atlassian's accessible-resources), http(s) URLs only. */
function sitesOf(details: Record<string, unknown> | null): Array<{ name: string; url: string }> {
  const sites = details?.sites;
  if (!Array.isArray(sites)) return [];
  return sites.flatMap((site: unknown) => {
    if (typeof site !== 'object' || site === null) return [];
    const { name, url } = site as Record<string, unknown>;
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return [];
    return [{ name: typeof name === 'string' && name ? name : url, url }];
  });
}
