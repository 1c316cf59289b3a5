import {
  type DynamicModule,
  Module,
  type MiddlewareConsumer,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { DocentConfig } from '@docent/runtime';
import { RuntimeModule, type RuntimeModuleOptions } from '@docent/nest-runtime';
import { AccountController } from './account/account.controller';
import { CollectionsController } from './collections/collections.controller';
import { ConnectionsController } from './connections/connections.controller';
import { ConnectorsController } from './connectors/connectors.controller';
import { OAuthCallbackController } from './connections/oauth-callback.controller';
import { DocsController } from './docs/docs.controller';
import { ApiKeyGuard } from './http/api-key.guard';
import { ClientAddresses } from './http/client-address';
import { JsonBodyMiddleware } from './http/json-body.middleware';
import { HttpMetricsMiddleware, Metrics } from './http/metrics';
import { ProblemFilter } from './http/problem.filter';
import { RequestIdMiddleware } from './http/request-id.middleware';
import { SecurityHeadersMiddleware } from './http/security-headers.middleware';
import { SessionCookies } from './http/session-cookie';
import { OperationsController } from './operations/operations.controller';
import { OperatorMetricsServer } from './operations/operator-metrics-server';
import { SchedulesController } from './schedules/schedules.controller';
import { WebUiModule } from './web/web-ui.module';

export interface ApiModuleOptions extends RuntimeModuleOptions {
  config: DocentConfig;
  /** Embedded mode (or DOCENT_ROLE=all): this process also consumes ingestion jobs. */
  runWorker: boolean;
}

@Module({})
export class ApiModule implements NestModule {
  static forRoot(options: ApiModuleOptions): DynamicModule {
    return {
      module: ApiModule,
      imports: [RuntimeModule.forRoot(options), WebUiModule],
      controllers: [
        DocsController,
        CollectionsController,
        SchedulesController,
        AccountController,
        ConnectorsController,
        ConnectionsController,
        OAuthCallbackController,
        OperationsController,
      ],
      providers: [
        Metrics,
        OperatorMetricsServer,
        ClientAddresses,
        SessionCookies,
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_FILTER, useClass: ProblemFilter },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(
        SecurityHeadersMiddleware,
        RequestIdMiddleware,
        HttpMetricsMiddleware,
        JsonBodyMiddleware,
      )
      .forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
