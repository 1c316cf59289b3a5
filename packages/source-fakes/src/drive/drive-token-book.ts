import { randomBytes } from 'node:crypto';
import type { FakeDriveOAuthOptions } from './fake-drive-types';

export type DriveRefreshOutcome =
  | { ok: true; accessToken: string; expiresIn: number }
  | { ok: false; reason: 'invalid_client' | 'invalid_grant' };

/** Google access tokens (with expiry once issued by a refresh); refresh tokens do not rotate. */
export class DriveTokenBook {
  /** Token → expiry in ms since epoch (null: never). */
  private readonly accessTokens = new Map<string, number | null>();

  constructor(
    staticTokens: readonly string[],
    private readonly oauth: FakeDriveOAuthOptions | undefined,
    private readonly now: () => Date,
  ) {
    for (const token of staticTokens) this.accessTokens.set(token, null);
  }

  isValid(token: string): boolean {
    const expiry = this.accessTokens.get(token);
    if (expiry === undefined) return false;
    return expiry === null || this.now().getTime() < expiry;
  }

  revoke(token: string): void {
    this.accessTokens.delete(token);
  }

  refresh(clientId: string, clientSecret: string, refreshToken: string): DriveRefreshOutcome {
    const client = this.oauth?.clients.find((c) => c.clientId === clientId);
    if (!client || client.clientSecret !== clientSecret) {
      return { ok: false, reason: 'invalid_client' };
    }
    if (!this.oauth?.refreshTokens.includes(refreshToken)) {
      return { ok: false, reason: 'invalid_grant' };
    }
    const ttl = this.oauth.accessTokenTtlSeconds ?? 3599;
    const accessToken = `ya29.fake-${randomBytes(12).toString('hex')}`;
    this.accessTokens.set(accessToken, this.now().getTime() + ttl * 1000);
    return { ok: true, accessToken, expiresIn: ttl };
  }
}
