/** Bearer tokens a fake accepts, each until its expiry on the fake's clock (or for good). */
export class AccessTokens {
  /** Token → expiry in ms since epoch (null: never). */
  private readonly expiries = new Map<string, number | null>();

  constructor(private readonly now: () => Date) {}

  /** Accepts `token` for `ttlSeconds` from now, or for good without it. */
  add(token: string, ttlSeconds?: number): void {
    this.expiries.set(
      token,
      ttlSeconds === undefined ? null : this.now().getTime() + ttlSeconds * 1000,
    );
  }

  isValid(token: string): boolean {
    const expiry = this.expiries.get(token);
    if (expiry === undefined) return false;
    return expiry === null || this.now().getTime() < expiry;
  }

  revoke(token: string): void {
    this.expiries.delete(token);
  }
}
