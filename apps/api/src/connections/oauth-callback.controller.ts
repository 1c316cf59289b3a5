import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UserAccountService } from '@docent/accounts';
import type { LoadedConnector } from '@docent/connectors';
import { LOADED_CONNECTORS } from '@docent/nest-runtime';
import type { SessionRecord } from '@docent/metadata-store';
import { OAuthCallbackError, OAuthConnectionService } from '@docent/oauth-connections';
import { Public } from '../http/public.decorator';
import type { DocentRequest } from '../http/request-context';
import { SessionCookies } from '../http/session-cookie';
import { CALLBACK_PAGE_HEADERS, callbackPage, name } from './callback-page';

/**
 * Where every provider sends the browser back (`/oauth/callback`), and where an API client's
 * connect link leads (`/oauth/start`). Both answer pages or redirects, never JSON, and both act
 * only for the Docent account logged in to this browser. A connection made goes back to the
 * app's Connections page, which names it; a refusal is a page saying why.
 */
@Public()
@Controller('oauth')
export class OAuthCallbackController {
  /** `<title> (<type>)` of each connector, for the pages. */
  private readonly names: ReadonlyMap<string, string>;

  constructor(
    private readonly users: UserAccountService,
    private readonly connections: OAuthConnectionService,
    private readonly cookies: SessionCookies,
    @Inject(LOADED_CONNECTORS) connectors: LoadedConnector[],
  ) {
    this.names = new Map(connectors.map(({ descriptor: d }) => [d.type, `${d.title} (${d.type})`]));
  }

  @Get('callback')
  async callback(
    @Query() query: Record<string, unknown>,
    @Req() req: DocentRequest,
    @Res() res: Response,
  ): Promise<void> {
    res.set(CALLBACK_PAGE_HEADERS);
    const session = await this.session(req);
    try {
      const connection = await this.connections.complete({
        state: text(query.state),
        code: text(query.code),
        error: text(query.error),
        sessionId: session?.id ?? null,
      });
      // Back into the app: its Connections page says what was connected, to which Docent
      // account (the one this browser is logged in to, which the state was bound to).
      res.removeHeader('Content-Type');
      res.redirect(303, `/#/connections?connected=${encodeURIComponent(connection.type)}`);
    } catch (error) {
      if (!(error instanceof OAuthCallbackError)) throw error;
      res
        .status(400)
        .send(callbackPage({ ok: false, title: 'Not connected', paragraphs: [error.message] }));
    }
  }

  /** A connect link an API client was given, opened in a browser. */
  @Get('start')
  async start(
    @Query() query: Record<string, unknown>,
    @Req() req: DocentRequest,
    @Res() res: Response,
  ): Promise<void> {
    res.set(CALLBACK_PAGE_HEADERS);
    const token = text(query.link);
    const link = await this.connections.pendingLink(token);
    if (!link) {
      res.status(400).send(
        callbackPage({
          ok: false,
          title: 'Not connected',
          paragraphs: [
            'This connect link is unknown, was already used, or expired (1 hour). Ask for a new one.',
          ],
        }),
      );
      return;
    }
    const source = this.names.get(link.type) ?? link.type;
    const session = await this.session(req);
    if (!session) {
      const back = `/oauth/start?link=${encodeURIComponent(token!)}`;
      res.status(401).send(
        callbackPage({
          ok: false,
          title: `Log in to connect ${source}`,
          paragraphs: [
            `This link connects ${source} to a Docent account. Only that account's user can complete it: log in to Docent in this browser first, and you come back here.`,
          ],
          links: [{ href: `/#/login?continue=${encodeURIComponent(back)}`, text: 'Log in' }],
        }),
      );
      return;
    }
    try {
      const authorizeUrl = await this.connections.openLink(
        token,
        { sessionId: session.id, accountId: session.accountId },
        link,
      );
      res.removeHeader('Content-Type');
      res.redirect(303, authorizeUrl);
    } catch (error) {
      if (!(error instanceof OAuthCallbackError)) throw error;
      const user = await this.users.userOf(session);
      res.status(403).send(
        callbackPage({
          ok: false,
          title: 'Not connected',
          paragraphs: [
            error.message,
            `This browser is logged in to Docent as ${name(user?.email ?? 'another account')}.`,
          ],
        }),
      );
    }
  }

  /** The browser's session; none when absent, expired, or the cookie came twice. */
  private async session(req: DocentRequest): Promise<SessionRecord | null> {
    const cookie = this.cookies.read(req);
    return cookie.kind === 'one' ? this.users.sessions.resume(cookie.token) : null;
  }
}

/** Query values arrive as strings, arrays (repeated) or objects (`a[b]=`): keep plain strings. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 4096 ? value : undefined;
}
