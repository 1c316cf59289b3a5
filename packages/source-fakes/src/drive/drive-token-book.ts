import { createHash, randomBytes } from 'node:crypto';
import { AccessTokens } from '../shared/access-tokens';
import type { FakeDriveOAuthOptions } from './fake-drive-types';

export type DriveRefreshOutcome =
  | { ok: true; accessToken: string; expiresIn: number }
  | { ok: false; reason: 'invalid_client' | 'invalid_grant' };

export type DriveCodeOutcome =
  | { ok: true; accessToken: string; refreshToken: string; expiresIn: number }
  | { ok: false; reason: 'invalid_client' | 'invalid_grant'; description: string };

interface PendingCode {
  clientId: string;
  redirectUri: string;
  /** S256 challenge of the PKCE verifier, when the client sent one. */
  codeChallenge: string | null;
}

/** Google access tokens (with expiry once issued by a refresh); refresh tokens do not rotate. */
export class DriveTokenBook {
  private readonly accessTokens: AccessTokens;
  private readonly codes = new Map<string, PendingCode>();
  /** Refresh tokens issued by code exchanges (they never rotate). */
  private readonly issuedRefreshTokens = new Set<string>();

  constructor(
    staticTokens: readonly string[],
    private readonly oauth: FakeDriveOAuthOptions | undefined,
    now: () => Date,
  ) {
    this.accessTokens = new AccessTokens(now);
    for (const token of staticTokens) this.accessTokens.add(token);
  }

  isValid(token: string): boolean {
    return this.accessTokens.isValid(token);
  }

  revoke(token: string): void {
    this.accessTokens.revoke(token);
  }

  knowsClient(clientId: string): boolean {
    return this.oauth?.clients.some((c) => c.clientId === clientId) ?? false;
  }

  /** The user consented: a single-use code bound to the client, redirect URI and challenge. */
  issueCode(clientId: string, redirectUri: string, codeChallenge: string | null): string {
    const code = `4/0Fake${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { clientId, redirectUri, codeChallenge });
    return code;
  }

  exchangeCode(input: {
    clientId: string;
    clientSecret: string;
    code: string;
    redirectUri: string;
    codeVerifier: string | null;
  }): DriveCodeOutcome {
    if (!this.clientMatches(input.clientId, input.clientSecret)) {
      return {
        ok: false,
        reason: 'invalid_client',
        description: 'The OAuth client was not found.',
      };
    }
    const pending = this.codes.get(input.code);
    // A code is spent by any attempt, as Google does.
    this.codes.delete(input.code);
    if (!pending || pending.clientId !== input.clientId) {
      return { ok: false, reason: 'invalid_grant', description: 'Malformed auth code.' };
    }
    if (pending.redirectUri !== input.redirectUri) {
      return { ok: false, reason: 'invalid_grant', description: 'Bad Request' };
    }
    if (pending.codeChallenge !== null) {
      const challenge = input.codeVerifier
        ? createHash('sha256').update(input.codeVerifier).digest('base64url')
        : null;
      if (challenge !== pending.codeChallenge) {
        return { ok: false, reason: 'invalid_grant', description: 'Invalid code verifier.' };
      }
    }
    const refreshToken = `1//fake-${randomBytes(12).toString('hex')}`;
    this.issuedRefreshTokens.add(refreshToken);
    const { accessToken, expiresIn } = this.mint();
    return { ok: true, accessToken, refreshToken, expiresIn };
  }

  refresh(clientId: string, clientSecret: string, refreshToken: string): DriveRefreshOutcome {
    if (!this.clientMatches(clientId, clientSecret)) {
      return { ok: false, reason: 'invalid_client' };
    }
    if (
      !this.oauth?.refreshTokens.includes(refreshToken) &&
      !this.issuedRefreshTokens.has(refreshToken)
    ) {
      return { ok: false, reason: 'invalid_grant' };
    }
    return { ok: true, ...this.mint() };
  }

  private clientMatches(clientId: string, clientSecret: string): boolean {
    const client = this.oauth?.clients.find((c) => c.clientId === clientId);
    return client !== undefined && client.clientSecret === clientSecret;
  }

  private mint(): { accessToken: string; expiresIn: number } {
    const ttl = this.oauth?.accessTokenTtlSeconds ?? 3599;
    const accessToken = `ya29.fake-${randomBytes(12).toString('hex')}`;
    this.accessTokens.add(accessToken, ttl);
    return { accessToken, expiresIn: ttl };
  }
}
