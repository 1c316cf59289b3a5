import { randomBytes } from 'node:crypto';
import { AccessTokens } from '../shared/access-tokens';
import type { FakeConfluenceOAuthOptions } from './fake-confluence-types';

export type RefreshOutcome =
  | { ok: true; accessToken: string; refreshToken: string; expiresIn: number }
  | { ok: false; reason: 'invalid_client' | 'invalid_grant' };

interface PendingCode {
  clientId: string;
  redirectUri: string;
}

/** Atlassian 3LO tokens: access tokens with an expiry, refresh tokens that rotate on use. */
export class OAuthTokenBook {
  private readonly accessTokens: AccessTokens;
  private readonly refreshTokens: Set<string>;
  private readonly ttlSeconds: number;
  /** Authorization codes from the consent screen: single use, bound to client and redirect. */
  private readonly codes = new Map<string, PendingCode>();

  constructor(
    private readonly options: FakeConfluenceOAuthOptions,
    now: () => Date,
  ) {
    this.accessTokens = new AccessTokens(now);
    for (const token of options.accessTokens ?? []) this.accessTokens.add(token);
    this.refreshTokens = new Set(options.refreshTokens ?? []);
    this.ttlSeconds = options.accessTokenTtlSeconds ?? 3600;
  }

  isValidAccessToken(token: string): boolean {
    return this.accessTokens.isValid(token);
  }

  knowsClient(clientId: string): boolean {
    return (this.options.clients ?? []).some((c) => c.clientId === clientId);
  }

  /** The user consented: a code for this client and redirect URI. */
  issueCode(clientId: string, redirectUri: string): string {
    const code = `fake-code-${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { clientId, redirectUri });
    return code;
  }

  exchangeCode(
    clientId: string,
    clientSecret: string,
    code: string,
    redirectUri: string,
  ): RefreshOutcome {
    if (!this.clientMatches(clientId, clientSecret)) return { ok: false, reason: 'invalid_client' };
    const pending = this.codes.get(code);
    if (!pending || pending.clientId !== clientId || pending.redirectUri !== redirectUri) {
      return { ok: false, reason: 'invalid_grant' };
    }
    this.codes.delete(code);
    return this.issue();
  }

  refresh(clientId: string, clientSecret: string, refreshToken: string): RefreshOutcome {
    if (!this.clientMatches(clientId, clientSecret)) return { ok: false, reason: 'invalid_client' };
    if (!this.refreshTokens.delete(refreshToken)) return { ok: false, reason: 'invalid_grant' };
    return this.issue();
  }

  private clientMatches(clientId: string, clientSecret: string): boolean {
    const client = (this.options.clients ?? []).find((c) => c.clientId === clientId);
    return client !== undefined && client.clientSecret === clientSecret;
  }

  private issue(): RefreshOutcome {
    const accessToken = `fake-at-${randomBytes(12).toString('hex')}`;
    const rotated = `fake-rt-${randomBytes(12).toString('hex')}`;
    this.accessTokens.add(accessToken, this.ttlSeconds);
    this.refreshTokens.add(rotated);
    return { ok: true, accessToken, refreshToken: rotated, expiresIn: this.ttlSeconds };
  }

  validRefreshTokens(): string[] {
    return [...this.refreshTokens];
  }
}
