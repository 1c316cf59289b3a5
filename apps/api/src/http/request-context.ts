import type { Request } from 'express';
import type { OpenedSession, Principal } from '@docent/accounts';

/** What the HTTP layer attaches to a request as it passes through. */
export interface DocentRequest extends Request {
  requestId?: string;
  principal?: Principal;
  /** The cookie's session, as the guard resumed it (unset when an Api-Key authenticated). */
  browserSession?: OpenedSession;
}
