import { Controller, HttpCode, Post } from '@nestjs/common';
import type { Principal } from '@docent/accounts';
import type {
  AuthorizeConnectionRequest,
  ConnectionAuthorization,
  ConnectionList,
  DeleteConnectionRequest,
  Deleted,
} from '@docent/contract';
import { NotFoundError } from '@docent/domain-errors';
import { OAuthConnectionService } from '@docent/oauth-connections';
import { ScheduleService } from '@docent/schedules';
import { ContractBody } from '../http/contract-body.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

/** OAuth connections of the account: the same endpoints serve API clients and the web UI. */
@Controller('connections')
export class ConnectionsController {
  constructor(
    private readonly connections: OAuthConnectionService,
    private readonly schedules: ScheduleService,
  ) {}

  @Post('authorize')
  @HttpCode(200)
  async authorize(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('authorizeConnection') body: AuthorizeConnectionRequest,
  ): Promise<ConnectionAuthorization> {
    // Started from the UI, the flow must come back to the same browser session.
    const url = await this.connections.authorize(
      principal.accountId,
      body.type,
      principal.sessionId,
    );
    return { authorize_url: url };
  }

  @Post('list')
  @HttpCode(200)
  async list(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listConnections') _body: unknown,
  ): Promise<ConnectionList> {
    const connections = await this.connections.list(principal.accountId);
    return {
      connections: connections.map((c) => ({
        type: c.type as AuthorizeConnectionRequest['type'],
        connected_at: c.connectedAt,
        expires_at: c.expiresAt,
        account_label: c.accountLabel,
        sites: c.sites,
      })),
    };
  }

  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('deleteConnection') body: DeleteConnectionRequest,
  ): Promise<Deleted> {
    if (!(await this.connections.disconnect(principal.accountId, body.type))) {
      throw new NotFoundError(`This account has no ${body.type} connection.`);
    }
    // Schedules on this connection stop now, saying why, rather than fail at their next run.
    await this.schedules.connectionDeleted(principal.accountId, body.type);
    return { deleted: true };
  }
}
