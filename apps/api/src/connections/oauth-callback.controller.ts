import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UserAccountService } from '@docent/accounts';
import { OAuthCallbackError, OAuthConnectionService } from '@docent/oauth-connections';
import { Public } from '../http/public.decorator';
import type { DocentRequest } from '../http/request-context';
import { sessionToken } from '../http/session-cookie';
import { CALLBACK_PAGE_HEADERS, callbackPage } from './callback-page';

const NAMES: Record<string, string> = {
  WIKI: 'Confluence (WIKI)',
  DRIVE: 'Google Drive (DRIVE)',
  PAGES: 'Notion (PAGES)',
};

/** Where every provider sends the browser back; answers a page, never JSON. */
@Public()
@Controller('oauth')
export class OAuthCallbackController {
  constructor(
    private readonly users: UserAccountService,
    private readonly connections: OAuthConnectionService,
  ) {}

  @Get('callback')
  async callback(
    @Query() query: Record<string, unknown>,
    @Req() req: DocentRequest,
    @Res() res: Response,
  ): Promise<void> {
    res.set(CALLBACK_PAGE_HEADERS);
    const session = await this.users.sessions.resume(sessionToken(req));
    try {
      const connection = await this.connections.complete({
        state: text(query.state),
        code: text(query.code),
        error: text(query.error),
        sessionId: session?.id ?? null,
      });
      const name = NAMES[connection.type] ?? connection.type;
      res.status(200).send(
        callbackPage({
          ok: true,
          title: `Connected ${name}`,
          message: connection.accountLabel
            ? `Docent can now read ${name} as ${connection.accountLabel}.`
            : `Docent can now read ${name}.`,
        }),
      );
    } catch (error) {
      if (!(error instanceof OAuthCallbackError)) throw error;
      res
        .status(400)
        .send(callbackPage({ ok: false, title: 'Not connected', message: error.message }));
    }
  }
}

/** Query values arrive as strings, arrays (repeated) or objects (`a[b]=`): keep plain strings. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 4096 ? value : undefined;
}
