import type { FakeNotionOAuthOptions, FakeSharing } from './fake-notion-types';
import { type Integration, type IntegrationBook, newSecret } from './integration-book';

interface Grant {
  clientId: string | undefined;
  redirectUri: string | undefined;
  shared: FakeSharing;
}

export type GrantOutcome =
  | { ok: true; integration: Integration; refreshToken: string; expiresIn: number | null }
  | { ok: false; status: 400 | 401; code: string; message: string };

/**
 * A public integration's grants: single-use authorization codes and refresh tokens that rotate
 * (each refresh issues a new access **and** refresh token and retires the old refresh token).
 */
export class OAuthGrants {
  private readonly codes = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(
    private readonly options: FakeNotionOAuthOptions,
    private readonly integrations: IntegrationBook,
    private readonly now: () => Date,
  ) {
    for (const code of options.authorizationCodes ?? []) {
      this.codes.set(code.code, {
        clientId: undefined,
        redirectUri: code.redirectUri,
        shared: code.shared ?? 'all',
      });
    }
  }

  /** The consent screen approved: a code for this client and redirect URI. */
  issueCode(clientId: string, redirectUri: string): string {
    const code = newSecret('code_');
    this.codes.set(code, {
      clientId,
      redirectUri,
      shared: this.options.consentShares ?? 'all',
    });
    return code;
  }

  client(clientId: string, clientSecret?: string): boolean {
    return this.options.clients.some(
      (client) =>
        client.clientId === clientId &&
        (clientSecret === undefined || client.clientSecret === clientSecret),
    );
  }

  redirectAllowed(clientId: string, redirectUri: string): boolean {
    const client = this.options.clients.find((c) => c.clientId === clientId);
    return (
      client !== undefined && (!client.redirectUris || client.redirectUris.includes(redirectUri))
    );
  }

  exchangeCode(clientId: string, code: string, redirectUri: unknown): GrantOutcome {
    const grant = this.codes.get(code);
    if (!grant || (grant.clientId !== undefined && grant.clientId !== clientId)) {
      return invalidGrant('Invalid code.');
    }
    if (grant.redirectUri !== undefined && grant.redirectUri !== redirectUri) {
      return invalidGrant('Invalid redirect_uri: it does not match the one used to authorize.');
    }
    this.codes.delete(code);
    return this.issue({ ...grant, clientId });
  }

  refresh(clientId: string, refreshToken: string): GrantOutcome {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return invalidGrant('Invalid refresh token.');
    this.refreshTokens.delete(refreshToken);
    return this.issue(grant);
  }

  validRefreshTokens(): string[] {
    return [...this.refreshTokens.keys()];
  }

  private issue(grant: Grant): GrantOutcome {
    const ttl = this.options.accessTokenTtlSeconds;
    const integration = this.integrations.register({
      token: newSecret('ntn_'),
      shared: grant.shared,
      botName: 'Docent',
      workspaceName: this.options.workspaceName ?? 'Acme',
      expiresAt: ttl === undefined ? null : this.now().getTime() + ttl * 1000,
    });
    const refreshToken = newSecret('nrt_');
    this.refreshTokens.set(refreshToken, grant);
    return { ok: true, integration, refreshToken, expiresIn: ttl ?? null };
  }
}

function invalidGrant(message: string): GrantOutcome {
  return { ok: false, status: 400, code: 'invalid_grant', message };
}
