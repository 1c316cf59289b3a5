import {
  identityJson,
  type ConnectionIdentity,
  type IdentityContext,
  type TokenGrant,
} from '@docent/connector-sdk';
import { DEFAULT_DRIVE_API_URL, driveApiBase } from './drive-spec';

/** The Google account an OAuth grant acts for: its email is the connection's label. */
export async function identifyGoogleUser(
  grant: TokenGrant,
  { fetchFn, endpoints }: IdentityContext,
): Promise<ConnectionIdentity> {
  const url = `${driveApiBase(endpoints, DEFAULT_DRIVE_API_URL)}/drive/v3/about?fields=user`;
  const body = (await identityJson(fetchFn, url, grant.accessToken)) as {
    user?: { emailAddress?: unknown };
  };
  const email = body.user?.emailAddress;
  return { label: typeof email === 'string' ? email : null, details: null };
}
