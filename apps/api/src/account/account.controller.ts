import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiKeyService,
  UserAccountService,
  type OpenedSession,
  type Principal,
} from '@docent/accounts';
import type {
  AccountSession,
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  LogInRequest,
  LoggedOut,
  RevokeApiKeyRequest,
  Revoked,
  SignUpRequest,
} from '@docent/contract';
import { NotFoundError } from '@docent/domain-errors';
import { DOCENT_CONFIG } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';
import { ContractBody } from '../http/contract-body.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';
import { ProblemError } from '../http/problem';
import { CsrfExempt, Public } from '../http/public.decorator';
import type { DocentRequest } from '../http/request-context';
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie';
import { presentAccountSession, presentApiKey } from './account-presenters';

/** Users, browser sessions and API keys (the web UI's account pages). */
@Controller('account')
export class AccountController {
  private readonly publicUrl: string;

  constructor(
    private readonly users: UserAccountService,
    private readonly apiKeys: ApiKeyService,
    @Inject(DOCENT_CONFIG) config: DocentConfig,
  ) {
    this.publicUrl = config.publicUrl;
  }

  @Public()
  @Post('signup')
  @HttpCode(200)
  async signUp(
    @ContractBody('signUp') body: SignUpRequest,
    @Req() req: DocentRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountSession> {
    const { user, session } = await this.users.signup(body.email, body.password);
    setSessionCookie(req, res, this.publicUrl, session.token);
    return presentAccountSession(user, session.record);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async logIn(
    @ContractBody('logIn') body: LogInRequest,
    @Req() req: DocentRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountSession> {
    const { user, session } = await this.users.login(
      body.email,
      body.password,
      req.socket.remoteAddress ?? 'unknown',
    );
    setSessionCookie(req, res, this.publicUrl, session.token);
    return presentAccountSession(user, session.record);
  }

  @Post('logout')
  @HttpCode(200)
  async logOut(
    @ContractBody('logOut') _body: unknown,
    @Req() req: DocentRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoggedOut> {
    await this.users.sessions.close(browserSession(req).token);
    clearSessionCookie(req, res, this.publicUrl);
    return { logged_out: true };
  }

  @Post('me')
  @CsrfExempt()
  @HttpCode(200)
  async me(
    @ContractBody('getMe') _body: unknown,
    @Req() req: DocentRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountSession> {
    const session = browserSession(req);
    const user = await this.users.userOf(session.record);
    if (!user) {
      throw new ProblemError('unauthorized', 'The session expired or ended; log in again.');
    }
    // The server-side expiry slides; the cookie's follows it.
    setSessionCookie(req, res, this.publicUrl, session.token);
    return presentAccountSession(user, session.record);
  }

  @Post('api_keys/create')
  @HttpCode(200)
  async createApiKey(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('createApiKey') body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    const { key, record } = await this.apiKeys.createKey(principal.accountId, body.label ?? null);
    return { key, api_key: presentApiKey(record) };
  }

  @Post('api_keys/list')
  @HttpCode(200)
  async listApiKeys(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listApiKeys') _body: unknown,
  ): Promise<ApiKeyList> {
    const keys = await this.apiKeys.listKeys(principal.accountId);
    return { api_keys: keys.map(presentApiKey) };
  }

  @Post('api_keys/revoke')
  @HttpCode(200)
  async revokeApiKey(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('revokeApiKey') body: RevokeApiKeyRequest,
  ): Promise<Revoked> {
    if (!(await this.apiKeys.revokeKey(principal.accountId, body.id))) {
      throw new NotFoundError(`No active API key ${body.id} in this account.`);
    }
    return { revoked: true };
  }
}

/** The session the guard resumed from the cookie; API-key requests have none. */
function browserSession(req: DocentRequest): OpenedSession {
  if (!req.browserSession) {
    throw new ProblemError('unauthorized', 'This operation needs a logged-in browser session.');
  }
  return req.browserSession;
}
