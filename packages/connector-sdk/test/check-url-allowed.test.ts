import { type LookupAddress } from 'node:dns';
import { type LookupFunction } from 'node:net';
import { checkUrlAllowed, UrlNotAllowedError } from '../src';

/** A resolver answering from a fixed table, as `dns.lookup` with `all: true` would. */
function tableLookup(table: Record<string, LookupAddress[]>): LookupFunction {
  return (hostname, _options, callback) => {
    const addresses = table[hostname];
    if (addresses) {
      callback(null, addresses);
    } else {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, []);
    }
  };
}

const lookup = tableLookup({
  'wiki.example.com': [{ address: '93.184.215.14', family: 4 }],
  'intranet.example.com': [{ address: '10.0.0.5', family: 4 }],
  'split.example.com': [
    { address: '93.184.215.14', family: 4 },
    { address: 'fd00::7', family: 6 },
  ],
});

async function refusal(url: string, allowPrivateNetwork = false): Promise<UrlNotAllowedError> {
  const error: unknown = await checkUrlAllowed(url, { allowPrivateNetwork, lookup }).then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof UrlNotAllowedError)) throw new Error(`${url} was not refused`);
  return error;
}

describe('checkUrlAllowed', () => {
  it.each([
    ['ftp://wiki.example.com/file', 'scheme must be http or https'],
    ['file:///etc/passwd', 'scheme must be http or https'],
    ['http://169.254.169.254/latest/meta-data/', 'host is a private address (169.254.169.254)'],
    ['http://[::1]/', 'host is a private address (::1)'],
    ['http://[::ffff:127.0.0.1]/', 'host is a private address (::ffff:7f00:1)'],
    ['http://10.1.2.3', 'host is a private address (10.1.2.3)'],
    ['http://2130706433/', 'host is a private address (127.0.0.1)'],
    ['https://intranet.example.com/wiki', 'host resolves to a private address (10.0.0.5)'],
    ['https://split.example.com/', 'host resolves to a private address (fd00::7)'],
    ['https://nowhere.example.com/', 'host not found'],
    ['not a url', 'invalid URL'],
  ])('refuses %s: %s', async (url, reason) => {
    const error = await refusal(url);
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(`URL not allowed: ${reason}`);
  });

  it('accepts a host whose every address is public', async () => {
    await expect(
      checkUrlAllowed('https://wiki.example.com/wiki', { allowPrivateNetwork: false, lookup }),
    ).resolves.toBeUndefined();
  });

  it('accepts a public IP literal without resolving anything', async () => {
    const unusedLookup = jest.fn<void, Parameters<LookupFunction>>();
    await checkUrlAllowed('https://8.8.8.8/', { allowPrivateNetwork: false, lookup: unusedLookup });
    expect(unusedLookup).not.toHaveBeenCalled();
  });

  it('accepts private hosts when the private network is allowed, but never other schemes', async () => {
    const options = { allowPrivateNetwork: true, lookup };
    await expect(checkUrlAllowed('http://10.1.2.3/', options)).resolves.toBeUndefined();
    await expect(checkUrlAllowed('http://intranet.example.com/', options)).resolves.toBeUndefined();
    expect((await refusal('ftp://intranet.example.com/', true)).reason).toBe(
      'scheme must be http or https',
    );
  });

  it('keeps credentials and query strings out of the error', async () => {
    const error = await refusal('https://alice:hunter2@intranet.example.com/x?token=abc');
    expect(error.url).toBe('https://intranet.example.com/x');
    expect(JSON.stringify({ ...error, message: error.message })).not.toMatch(/hunter2|alice|abc/);
  });

  it('names the resolver failure when it is not a plain "not found"', async () => {
    const failing: LookupFunction = (_hostname, _options, callback) => {
      const err: NodeJS.ErrnoException = new Error('temporary failure');
      err.code = 'EAI_AGAIN';
      callback(err, []);
    };
    await expect(
      checkUrlAllowed('https://wiki.example.com/', { allowPrivateNetwork: false, lookup: failing }),
    ).rejects.toMatchObject({ reason: 'host could not be resolved (EAI_AGAIN)' });
  });

  it('checks localhost through the real resolver', async () => {
    await expect(
      checkUrlAllowed('http://localhost:8080/', { allowPrivateNetwork: false }),
    ).rejects.toBeInstanceOf(UrlNotAllowedError);
  });
});
