import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Ip,
  Post,
  Query,
  Redirect,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { REFRESH_COOKIE_NAME, confirmEmailSchema } from '@rafter/domain/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessTokenGuard } from './access-token.guard';
import { AuthCookies } from './auth-cookies';
import {
  AcceptedDto,
  AuthErrorDto,
  AuthOptionsDto,
  AuthSessionDto,
  AuthUserDto,
  EmailOnlyDto,
  ResetPasswordDto,
  ResetPasswordResultDto,
  SignInDto,
  SignUpDto,
  SignUpResultDto,
} from './auth.dto';
import { AuthException } from './auth.exception';
import { AuthService } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import {
  type AuthenticatedUser,
  type IssuedSession,
  type SessionMeta,
  SessionsService,
} from './sessions.service';

const CONFIRMED_URL = '/?auth=signin&confirmed=1';
const INVALID_LINK_URL = '/?auth=signin&auth_error=invalid_link';
const TOO_MANY = { type: AuthErrorDto, description: 'Too many attempts; see Retry-After' };

function sessionMeta(request: FastifyRequest): SessionMeta {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    ipAddress: request.ip,
  };
}

/** Password accounts and sessions. The refresh token travels only in its httpOnly cookie. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly cookies: AuthCookies,
  ) {}

  @Get('options')
  @ApiOperation({ summary: 'What the sign-in dialog may offer (Google, the demo account)' })
  @ApiOkResponse({ type: AuthOptionsDto })
  options(): AuthOptionsDto {
    return this.auth.options();
  }

  @Post('sign-up')
  @ApiOperation({ summary: 'Create a password account; a confirmation e-mail follows' })
  @ApiCreatedResponse({ type: SignUpResultDto })
  @ApiBadRequestResponse({ type: AuthErrorDto, description: 'A field is invalid; it is named' })
  @ApiConflictResponse({ type: AuthErrorDto, description: 'An account with this email exists' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  signUp(@Body() body: SignUpDto, @Ip() ip: string): Promise<SignUpResultDto> {
    return this.auth.signUp(body, ip);
  }

  @Post('resend-confirmation')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Send the confirmation e-mail again (same answer for any address)' })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiBadRequestResponse({ type: AuthErrorDto, description: 'The e-mail is invalid' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async resendConfirmation(@Body() body: EmailOnlyDto, @Ip() ip: string): Promise<AcceptedDto> {
    await this.auth.resendConfirmation(body.email, ip);
    return { ok: true };
  }

  @Get('confirm-email')
  @Redirect()
  @ApiOperation({ summary: 'The link in the confirmation e-mail; redirects to the sign-in dialog' })
  @ApiQuery({ name: 'token', required: true })
  @ApiFoundResponse({ description: `${CONFIRMED_URL}, or ${INVALID_LINK_URL}` })
  async confirmEmail(@Query('token') token: unknown): Promise<{ url: string; statusCode: number }> {
    const parsed = confirmEmailSchema.safeParse({ token });
    const confirmed = parsed.success && (await this.auth.confirmEmail(parsed.data.token));
    return { url: confirmed ? CONFIRMED_URL : INVALID_LINK_URL, statusCode: HttpStatus.FOUND };
  }

  @Post('sign-in')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with e-mail and password; sets the refresh cookie',
    description:
      'After a Google sign-in answered google_link_required, the right password also links that ' +
      'Google account (the rafter_google_link cookie it left; cleared by any successful sign-in).',
  })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiBadRequestResponse({ type: AuthErrorDto, description: 'A field is invalid; it is named' })
  @ApiUnauthorizedResponse({ type: AuthErrorDto, description: 'Username or password is wrong' })
  @ApiForbiddenResponse({ type: AuthErrorDto, description: 'Right password, e-mail unconfirmed' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async signIn(
    @Body() body: SignInDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthSessionDto> {
    const googleLink = this.cookies.readGoogleLinkCookie(request);
    const issued = await this.auth.signIn(body, sessionMeta(request), googleLink);
    if (this.cookies.hasGoogleLinkCookie(request)) this.cookies.clearGoogleLinkCookie(reply);
    return this.answerSession(reply, issued);
  }

  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @ApiCookieAuth(REFRESH_COOKIE_NAME)
  @ApiOperation({ summary: 'A new access token; the refresh cookie is replaced (single use)' })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiUnauthorizedResponse({ type: AuthErrorDto, description: 'No live session; cookie cleared' })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthSessionDto> {
    const token = this.cookies.readRefreshCookie(request);
    try {
      if (!token) throw new AuthException('session_missing');
      return this.answerSession(reply, await this.sessions.rotate(token, sessionMeta(request)));
    } catch (error) {
      if (error instanceof AuthException) this.cookies.clearRefreshCookie(reply);
      throw error;
    }
  }

  @Post('sign-out')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiCookieAuth(REFRESH_COOKIE_NAME)
  @ApiOperation({ summary: "End this browser's session (its whole refresh-token family)" })
  @ApiNoContentResponse({ description: 'Signed out; cookie cleared' })
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = this.cookies.readRefreshCookie(request);
    if (token) await this.sessions.revoke(token);
    this.cookies.clearRefreshCookie(reply);
  }

  @Post('forgot-password')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'E-mail a reset link (same answer for any address)' })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiBadRequestResponse({ type: AuthErrorDto, description: 'The e-mail is invalid' })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async forgotPassword(@Body() body: EmailOnlyDto, @Ip() ip: string): Promise<AcceptedDto> {
    await this.auth.forgotPassword(body.email, ip);
    return { ok: true };
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Set a new password with the reset link's token; ends all sessions" })
  @ApiOkResponse({ type: ResetPasswordResultDto })
  @ApiBadRequestResponse({ type: AuthErrorDto, description: 'Invalid or expired link, or field' })
  resetPassword(@Body() body: ResetPasswordDto): Promise<ResetPasswordResultDto> {
    return this.auth.resetPassword(body);
  }

  @Get('me')
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: AuthUserDto })
  @ApiUnauthorizedResponse({ type: AuthErrorDto, description: 'No valid access token' })
  me(@CurrentUser() user: AuthenticatedUser): Promise<AuthUserDto> {
    return this.auth.me(user.id);
  }

  /** Answers carrying an access token must not be kept by a browser or proxy cache. */
  private answerSession(reply: FastifyReply, { session, refreshToken }: IssuedSession) {
    this.cookies.setRefreshCookie(reply, refreshToken);
    reply.header('cache-control', 'no-store');
    return session;
  }
}
