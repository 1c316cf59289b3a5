import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ProblemError } from '../http/problem';
import { Public } from '../http/public.decorator';
import type { WebUiBundle, WebUiFile } from './web-ui-bundle';
import { ASSET_CACHE_CONTROL, DOCUMENT_CACHE_CONTROL, DOCUMENT_HEADERS } from './web-ui-headers';

export const WEB_UI_BUNDLE = Symbol('WEB_UI_BUNDLE');

/**
 * The built web UI: `index.html` at `/` (a hash router: no other path falls back to it) and
 * its hashed assets under `/assets/`. Every API route is more specific, so it keeps precedence.
 */
@Public()
@Controller()
export class WebUiController {
  constructor(@Inject(WEB_UI_BUNDLE) private readonly bundle: WebUiBundle | null) {}

  @Get()
  index(@Req() req: Request, @Res() res: Response): void {
    const bundle = this.built();
    res.set(DOCUMENT_HEADERS);
    send(req, res, bundle.index, DOCUMENT_CACHE_CONTROL);
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Req() req: Request, @Res() res: Response): void {
    const found = this.built().assets.get(file);
    if (!found) throw new ProblemError('not_found', 'No such asset.');
    res.set('X-Content-Type-Options', 'nosniff');
    send(req, res, found, ASSET_CACHE_CONTROL);
  }

  private built(): WebUiBundle {
    if (!this.bundle) {
      throw new ProblemError(
        'not_found',
        'The web UI is not built (apps/web/dist is missing): run `pnpm build`.',
      );
    }
    return this.bundle;
  }
}

function send(req: Request, res: Response, file: WebUiFile, cacheControl: string): void {
  res.set({
    'Content-Type': file.contentType,
    'Cache-Control': cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  });
  if (req.header('if-none-match') === file.etag) {
    res.status(304).end();
    return;
  }
  const gzip = file.gzipped !== null && /\bgzip\b/i.test(req.header('accept-encoding') ?? '');
  if (gzip) res.set('Content-Encoding', 'gzip');
  res.status(200).send(gzip ? file.gzipped : file.body);
}
