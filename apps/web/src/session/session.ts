import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Account } from '../api/wire-types';

export interface SessionState {
  api: ApiClient;
  account: Account;
  logOut(): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/** The signed-in account and the API client carrying its session; only below the sign-in gate. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}
