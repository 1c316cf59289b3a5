import type { FakeRequest, FakeResponse } from '../shared/fake-http-types';
import type { DriveTokenBook } from './drive-token-book';
import { googleError } from './google-errors';

const HELP =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. ' +
  'See https://developers.google.com/identity/sign-in/web/devconsole-project.';

/** Google's two 401s: no credential at all ("Login Required"), or a bad one ("Invalid Credentials"). */
export function refuseUnauthenticated(
  request: FakeRequest,
  tokens: DriveTokenBook,
): FakeResponse | undefined {
  const auth = request.authorization;
  if (auth.scheme === 'bearer' && tokens.isValid(auth.token)) return undefined;
  const location = { name: 'Authorization', type: 'header' } as const;
  if (auth.scheme === 'none') {
    return {
      ...googleError(
        401,
        'required',
        `Request is missing required authentication credential. ${HELP}`,
        location,
        'Login Required.',
      ),
      headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
    };
  }
  return {
    ...googleError(
      401,
      'authError',
      `Request had invalid authentication credentials. ${HELP}`,
      location,
      'Invalid Credentials',
    ),
    headers: {
      'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    },
  };
}
