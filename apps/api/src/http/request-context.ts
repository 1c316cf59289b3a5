import type { Request } from 'express';
import type { Principal } from '@docent/accounts';

/** What the HTTP layer attaches to a request as it passes through. */
export interface DocentRequest extends Request {
  requestId?: string;
  principal?: Principal;
}
