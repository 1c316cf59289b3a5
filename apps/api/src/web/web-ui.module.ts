import { Module } from '@nestjs/common';
import { loadWebUiBundle } from './web-ui-bundle';
import { WEB_UI_BUNDLE, WebUiController } from './web-ui.controller';

/** Serves the web UI (apps/web, built by Vite) at `/`. */
@Module({
  controllers: [WebUiController],
  providers: [{ provide: WEB_UI_BUNDLE, useFactory: () => loadWebUiBundle() }],
})
export class WebUiModule {}
