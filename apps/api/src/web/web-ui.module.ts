import { type DynamicModule, Module } from '@nestjs/common';
import { loadWebUiBundle } from './web-ui-bundle';
import { WEB_UI_BUNDLE, WebUiController } from './web-ui.controller';

export interface WebUiOptions {
  /** The built UI; default `apps/web/dist`. */
  distDir?: string;
}

/** Serves the web UI (apps/web, built by Vite) at `/`. */
@Module({})
export class WebUiModule {
  static forRoot(options: WebUiOptions = {}): DynamicModule {
    return {
      module: WebUiModule,
      controllers: [WebUiController],
      providers: [{ provide: WEB_UI_BUNDLE, useFactory: () => loadWebUiBundle(options.distDir) }],
    };
  }
}
