import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiKeyService,
  SESSION_MAX_AGE_MS,
  UserAccountService,
  type OpenedSession,
  type Principal,
} from '@docent/accounts';
import type {
  AccountSession,
  ApiKeyList,
  ChangePasswordRequest,
  CreateApiKeyRequest,
  CreatedApiKey,
  LogInRequest,
  LoggedOut,
  PasswordChanged,
  RevokeApiKeyRequest,
  Revoked,
  SessionList,
  SessionsEnded,
  SignUpAccepted,
  SignUpRequest,
} from '@docent/contract';
import { NotFoundError } from '@docent/domain-errors';
import { ClientAddresses } from '../http/client-address';
import { ContractBody } from '../http/contract-body.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';
import { ProblemError } from '../http/problem';
import { CsrfExempt, Public } from '../http/public.decorator';
import { clientInfo, type DocentRequest } from '../http/request-context';
import { SessionCookies } from '../http/session-cookie';
import { presentAccountSession, presentApiKey, presentBrowserSession } from './account-presenters';

/** Users, browser sessions and API keys (the web UI's account pages). */
@Controller('account')
export class AccountController {
  constructor(
    private readonly users: UserAccountService,
    private readonly apiKeys: ApiKeyService,
    private readonly cookies: SessionCookies,
    private readonly addresses: ClientAddresses,
  ) {}

  /** No session: the answer must not differ between a new and a registered email. */
  @Public()
  @Post('signup')
  @HttpCode(200)
  async signUp(
    @ContractBody('signUp') body: SignUpRequest,
    @Req() req: DocentRequest,
  ): Promise<SignUpAccepted> {
    const { email } = await this.users.signup(
      body.email,
      body.password,
      clientInfo(req, this.addresses.of(req)),
    );
    return { accepted: true, email };
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
      clientInfo(req, this.addresses.of(req)),
    );
    // The session this browser had (if any) is replaced, not left behind.
    const previous = this.cookies.read(req);
    if (previous.kind === 'one') await this.users.sessions.close(previous.token);
    this.cookies.set(req, res, session.token, SESSION_MAX_AGE_MS / 1000);
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
    this.cookies.clear(req, res);
    return { logged_out: true };
  }

  /** The session's account and CSRF token; the cookie is left as the browser has it. */
  @Post('me')
  @CsrfExempt()
  @HttpCode(200)
  async me(
    @ContractBody('getMe') _body: unknown,
    @Req() req: DocentRequest,
  ): Promise<AccountSession> {
    const session = browserSession(req);
    const user = await this.users.userOf(session.record);
    if (!user) {
      throw new ProblemError('unauthorized', 'The session expired or ended; log in again.');
    }
    return presentAccountSession(user, session.record);
  }

  @Post('change_password')
  @HttpCode(200)
  async changePassword(
    @ContractBody('changePassword') body: ChangePasswordRequest,
    @Req() req: DocentRequest,
  ): Promise<PasswordChanged> {
    const { sessionsEnded } = await this.users.changePassword(
      browserSession(req).record,
      body.current_password,
      body.new_password,
      clientInfo(req, this.addresses.of(req)),
    );
    return { changed: true, sessions_ended: sessionsEnded };
  }

  @Post('sessions/list')
  @HttpCode(200)
  async listSessions(
    @ContractBody('listSessions') _body: unknown,
    @Req() req: DocentRequest,
  ): Promise<SessionList> {
    const current = browserSession(req).record;
    const sessions = await this.users.sessions.list(current.userId);
    return { sessions: sessions.map((s) => presentBrowserSession(s, current.id)) };
  }

  @Post('sessions/end_all')
  @HttpCode(200)
  async logOutEverywhere(
    @ContractBody('logOutEverywhere') _body: unknown,
    @Req() req: DocentRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionsEnded> {
    const ended = await this.users.sessions.closeAll(browserSession(req).record.userId);
    this.cookies.clear(req, res);
    return { logged_out: true, sessions_ended: ended };
  }

  @Post('api_keys/create')
  @HttpCode(200)
  async createApiKey(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('createApiKey') body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    const { key, record } = await this.apiKeys.createKey(
      principal,
      body.label ?? null,
      body.scope ?? 'standard',
    );
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
    if (!(await this.apiKeys.revokeKey(principal, body.id))) {
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
