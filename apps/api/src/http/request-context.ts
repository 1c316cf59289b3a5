import type { Request } from 'express';
import type { ClientInfo, OpenedSession, Principal } from '@docent/accounts';

/** What the HTTP layer attaches to a request as it passes through. */
export interface DocentRequest extends Request {
  requestId?: string;
  principal?: Principal;
  /** The cookie's session, as the guard resumed it (unset when an Api-Key authenticated). */
  browserSession?: OpenedSession;
}

/** Where a request comes from, as the accounts service records and counts it. */
export function clientInfo(req: Request, address: string): ClientInfo {
  return { address, userAgent: req.header('user-agent') ?? null };
}
