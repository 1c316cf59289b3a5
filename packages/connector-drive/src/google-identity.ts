import type { ConnectionIdentity, IdentityContext, TokenGrant } from '@docent/connector-sdk';
import { DEFAULT_DRIVE_API_URL, driveApiBase } from './drive-spec';

const TIMEOUT_MS = 15_000;

/** The Google account an OAuth grant acts for: its email is the connection's label. */
export async function identifyGoogleUser(
  grant: TokenGrant,
  { fetchFn, endpoints }: IdentityContext,
): Promise<ConnectionIdentity> {
  const url = `${driveApiBase(endpoints, DEFAULT_DRIVE_API_URL)}/drive/v3/about?fields=user`;
  const response = await fetchFn(url, {
    headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  const body = (await response.json()) as { user?: { emailAddress?: unknown } };
  const email = body.user?.emailAddress;
  return { label: typeof email === 'string' ? email : null, details: null };
}
