import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { errorCode } from './error-code';
import { UrlNotAllowedError } from './errors';
import { isPrivateAddress } from './private-address';
import { redactUrl } from './url-redaction';

export { isPrivateAddress };

export interface UrlPolicy {
  /** `DOCENT_ALLOW_PRIVATE_NETWORK`: lets sources live on loopback or private networks. */
  allowPrivateNetwork: boolean;
  /** Resolver with `dns.lookup`'s signature; injectable for tests. */
  lookup?: LookupFunction;
}

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME']);

/**
 * Create-time check of a source URL. Every address the host resolves to must be public, so
 * a name with one public and one private record is refused.
 */
export async function checkUrlAllowed(url: string, opts: UrlPolicy): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UrlNotAllowedError(redactUrl(url), 'invalid URL');
  }
  assertConnectableUrl(parsed, opts.allowPrivateNetwork);
  const host = hostnameOf(parsed);
  if (opts.allowPrivateNetwork || isIP(host) !== 0) return;

  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host, opts.lookup ?? lookupAllAddresses);
  } catch (err) {
    const code = errorCode(err);
    const reason =
      code === undefined || NOT_FOUND_CODES.has(code)
        ? 'host not found'
        : `host could not be resolved (${code})`;
    throw new UrlNotAllowedError(redactUrl(parsed), reason);
  }
  if (addresses.length === 0) throw new UrlNotAllowedError(redactUrl(parsed), 'host not found');
  const refused = addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused) {
    throw new UrlNotAllowedError(
      redactUrl(parsed),
      `host resolves to a private address (${refused.address})`,
    );
  }
}

/**
 * Checks what can be decided without DNS before each connection: the scheme, and hosts that
 * are IP literals (Node connects to those without calling `lookup`).
 */
export function assertConnectableUrl(url: URL, allowPrivateNetwork: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlNotAllowedError(redactUrl(url), 'scheme must be http or https');
  }
  const host = hostnameOf(url);
  if (!allowPrivateNetwork && isIP(host) !== 0 && isPrivateAddress(host)) {
    throw new UrlNotAllowedError(redactUrl(url), `host is a private address (${host})`);
  }
}

/**
 * A `lookup` for `http.request` that vets the addresses the socket is about to connect to.
 * Checking here rather than before the request closes the DNS-rebinding gap: the address
 * checked is the address used.
 */
export function createGuardedLookup(url: URL, policy: UrlPolicy): LookupFunction {
  const resolve = policy.lookup ?? lookupAllAddresses;
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, result, family) => {
      if (err) {
        callback(err, options.all ? [] : '');
        return;
      }
      const addresses = asAddressList(result, family);
      const refused = policy.allowPrivateNetwork
        ? undefined
        : addresses.find((entry) => isPrivateAddress(entry.address));
      const first = addresses[0];
      if (refused) {
        const reason = `host resolves to a private address (${refused.address})`;
        callback(new UrlNotAllowedError(redactUrl(url), reason), options.all ? [] : '');
      } else if (first === undefined) {
        callback(notFoundError(hostname), options.all ? [] : '');
      } else if (options.all) {
        callback(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/** The host as `http.request` and `isIP` want it: IPv6 literals without brackets. */
export function hostnameOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

const lookupAllAddresses: LookupFunction = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => callback(err, addresses));

function resolveAll(host: string, lookup: LookupFunction): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (err, result, family) => {
      if (err) reject(err);
      else resolve(asAddressList(result, family));
    });
  });
}

/** Custom resolvers may answer in the single-address form even when asked for all. */
function asAddressList(result: string | LookupAddress[], family?: number): LookupAddress[] {
  if (Array.isArray(result)) return result;
  return result === '' ? [] : [{ address: result, family: family ?? (isIP(result) || 4) }];
}

function notFoundError(hostname: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  err.code = 'ENOTFOUND';
  return err;
}
