import { Controller, Get, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthCookies } from '../auth-cookies';
import { GoogleAuthGuard, GoogleOutcome, type GoogleSignInOutcome } from './google-auth.guard';
import { type GoogleSignInErrorCode, GoogleAuthService } from './google-auth.service';

/** The sign-in dialog opens on the home page and shows the code's text (spec: OAuth return). */
function failureUrl(code: GoogleSignInErrorCode | 'google_link_required'): string {
  return `/?auth=signin&auth_error=${code}`;
}

@ApiTags('auth')
@Controller('auth/google')
@UseGuards(GoogleAuthGuard)
export class GoogleAuthController {
  private readonly logger = new Logger(GoogleAuthController.name);

  constructor(
    private readonly googleAuth: GoogleAuthService,
    private readonly cookies: AuthCookies,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Starts Google sign-in' })
  @ApiFoundResponse({ description: "Redirects to Google's consent screen" })
  @ApiNotFoundResponse({ description: 'Google sign-in is not configured (google_unavailable)' })
  start(@GoogleOutcome() outcome: GoogleSignInOutcome, @Res() reply: FastifyReply): void {
    void reply.redirect(
      outcome.kind === 'redirect' ? outcome.url : failureUrl('google_failed'),
      302,
    );
  }

  /** Google sends the browser back here; it leaves signed in, or with an error to show. */
  @Get('callback')
  @ApiOperation({ summary: 'Finishes Google sign-in' })
  @ApiFoundResponse({
    description:
      'Redirects to / with the refresh cookie set, or to /?auth=signin&auth_error=google_failed ' +
      '(or google_email_unverified). When a confirmed account with the same e-mail is not linked ' +
      'to this Google account yet: /?auth=signin&auth_error=google_link_required with the ' +
      'rafter_google_link cookie, and the next password sign-in to that account links it.',
  })
  @ApiNotFoundResponse({ description: 'Google sign-in is not configured (google_unavailable)' })
  async callback(
    @GoogleOutcome() outcome: GoogleSignInOutcome,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (outcome.kind === 'link-required') {
      this.cookies.setGoogleLinkCookie(reply, outcome);
      this.logger.log(
        { reqId: request.id, userId: outcome.userId },
        'Google sign-in: the account must be signed in with its password before Google is linked',
      );
      void reply.redirect(failureUrl('google_link_required'), 302);
      return;
    }
    if (outcome.kind !== 'signed-in') {
      void reply.redirect(
        failureUrl(outcome.kind === 'failed' ? outcome.code : 'google_failed'),
        302,
      );
      return;
    }
    try {
      const { refreshToken } = await this.googleAuth.startSession(outcome.userId, {
        userAgent: request.headers['user-agent'],
        ipAddress: request.ip,
      });
      this.cookies.setRefreshCookie(reply, refreshToken);
      void reply.redirect('/', 302);
    } catch (error) {
      this.logger.error(
        { reqId: request.id, userId: outcome.userId, err: error },
        'Google sign-in: could not start a session',
      );
      void reply.redirect(failureUrl('google_failed'), 302);
    }
  }
}
