import type { Request, Response } from 'express';
import { SESSION_COOKIE, SESSION_TTL_MS } from '@docent/accounts';

/** The value of one cookie of the request (no cookie-parser: one cookie is all we read). */
function readCookie(req: Request, name: string): string | undefined {
  const header = req.header('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionToken(req: Request): string | undefined {
  return readCookie(req, SESSION_COOKIE);
}

/** Secure when the public URL is https, or a TLS proxy in front says the request was. */
function isSecure(req: Request, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || req.header('x-forwarded-proto') === 'https';
}

export function setSessionCookie(
  req: Request,
  res: Response,
  publicUrl: string,
  token: string,
): void {
  res.append('Set-Cookie', cookie(req, publicUrl, token, Math.floor(SESSION_TTL_MS / 1000)));
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string): void {
  res.append('Set-Cookie', cookie(req, publicUrl, '', 0));
}

function cookie(req: Request, publicUrl: string, value: string, maxAgeSeconds: number): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(isSecure(req, publicUrl) ? ['Secure'] : []),
  ].join('; ');
}
