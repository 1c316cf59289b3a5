import { type IncomingMessage } from 'node:http';
import { sendHop, type Agents, type Hop } from './hop-exchange';
import { assertConnectableUrl, createGuardedLookup, type UrlPolicy } from './ssrf-guard';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** Credentials meant for one origin; a signed media URL on another host must not see them. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export interface RedirectContext {
  agents: Agents;
  policy: UrlPolicy;
  followRedirects: boolean;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

export interface FinalHop {
  hop: Hop;
  message: IncomingMessage;
}

/**
 * Sends `first` and follows redirects. Every hop passes the SSRF guard again, both the
 * pre-connect check and the guarded DNS lookup. A redirect without a usable Location, or
 * past the hop limit, is handed back as the response.
 */
export async function sendFollowingRedirects(first: Hop, ctx: RedirectContext): Promise<FinalHop> {
  let hop = first;
  for (let redirects = 0; ; redirects += 1) {
    assertConnectableUrl(hop.url, ctx.policy.allowPrivateNetwork);
    const message = await sendHop(hop, {
      agents: ctx.agents,
      lookup: createGuardedLookup(hop.url, ctx.policy),
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    });
    const next = redirectTarget(message, hop.url);
    if (!ctx.followRedirects || next === undefined || redirects >= MAX_REDIRECTS) {
      return { hop, message };
    }
    message.resume(); // drain the redirect's own body so the socket can be reused
    hop = redirectedHop(hop, message.statusCode ?? 0, next);
  }
}

function redirectTarget(message: IncomingMessage, base: URL): URL | undefined {
  const location = message.headers.location;
  if (!REDIRECT_STATUSES.has(message.statusCode ?? 0) || location === undefined) return undefined;
  try {
    const target = new URL(location, base);
    // Userinfo in a Location header is never sent on.
    target.username = '';
    target.password = '';
    return target;
  } catch {
    return undefined;
  }
}

function redirectedHop(hop: Hop, status: number, url: URL): Hop {
  const headers = { ...hop.headers };
  if (url.origin !== hop.url.origin) {
    for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  }
  // 303 always means "GET the result"; 301/302 after a POST are replayed as GET by every
  // browser and fetch implementation, and servers rely on it.
  const becomesGet =
    (status === 303 && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  if (!becomesGet) return { ...hop, url, headers };
  delete headers['content-type'];
  delete headers['content-length'];
  return { method: 'GET', url, headers, body: undefined };
}
