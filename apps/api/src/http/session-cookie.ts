import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';

/** What the request's cookies say about the session. */
export type SessionCookieRead =
  | { kind: 'none' }
  | { kind: 'one'; token: string }
  /** The cookie came twice (one planted by a sibling host or port, for a narrower path). */
  | { kind: 'duplicate' };

/**
 * The session cookie. On an https public URL it is `__Host-docent_session`: browsers accept that
 * name only from this very host, with `Secure`, `Path=/` and no `Domain`, so a page on another
 * port or a sibling subdomain cannot plant one ("cookie tossing"). Browsers refuse `__Host-`
 * without `Secure`, which plain http cannot set, so a plain-http public URL (localhost) keeps
 * `docent_session`. Either way a request carrying the cookie twice is refused, and the value a
 * client sent is never set back.
 */
@Injectable()
export class SessionCookies {
  readonly name: string;
  private readonly https: boolean;

  constructor(@Inject(DOCENT_CONFIG) config: DocentConfig) {
    this.https = config.publicUrl.startsWith('https:');
    this.name = this.https ? '__Host-docent_session' : 'docent_session';
  }

  read(req: Request): SessionCookieRead {
    const values = cookieValues(req, this.name);
    if (values.length === 0) return { kind: 'none' };
    if (values.length > 1) return { kind: 'duplicate' };
    return values[0] ? { kind: 'one', token: values[0] } : { kind: 'none' };
  }

  /** A new session's cookie; it lives as long as the session can (its absolute lifetime). */
  set(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
    res.append('Set-Cookie', this.cookie(req, token, Math.max(0, Math.floor(maxAgeSeconds))));
  }

  clear(req: Request, res: Response): void {
    res.append('Set-Cookie', this.cookie(req, '', 0));
  }

  /**
   * Clears the cookie at `/` and at every path above the request's, where a planted duplicate
   * (sent with this request, so scoped to one of them) lives.
   */
  clearAll(req: Request, res: Response): void {
    this.clear(req, res);
    if (this.https) return;
    const segments = req.path.split('/').filter(Boolean);
    for (let i = 1; i <= segments.length; i += 1) {
      const path = `/${segments.slice(0, i).join('/')}`;
      for (const variant of [path, `${path}/`]) {
        res.append(
          'Set-Cookie',
          `${this.name}=; Path=${variant}; Max-Age=0; HttpOnly; SameSite=Lax`,
        );
      }
    }
  }

  /** Secure on an https public URL, or when a TLS proxy says the request was https. */
  private cookie(req: Request, value: string, maxAgeSeconds: number): string {
    const secure = this.https || req.header('x-forwarded-proto') === 'https';
    return [
      `${this.name}=${value}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${maxAgeSeconds}`,
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }
}

/** Every value of one cookie name in the request (no cookie-parser: it keeps only one). */
function cookieValues(req: Request, name: string): string[] {
  const header = req.header('cookie');
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      values.push(decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      values.push('');
    }
  }
  return values;
}
