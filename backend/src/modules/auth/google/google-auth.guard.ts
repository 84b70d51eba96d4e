import {
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { AuthException } from '../auth.exception';
import {
  type GoogleResolution,
  type GoogleSignInErrorCode,
  GoogleSignInRefused,
} from './google-auth.service';
import { GoogleStateStore } from './google-state.store';
import { GOOGLE_CALLBACK_PATH } from './google.strategy';

/** Where passport's work on a request ended. */
export type GoogleSignInOutcome =
  | { kind: 'redirect'; url: string }
  | GoogleResolution
  | { kind: 'failed'; code: GoogleSignInErrorCode };

const outcomes = new WeakMap<FastifyRequest, GoogleSignInOutcome>();

/** The outcome GoogleAuthGuard recorded for this request. */
export const GoogleOutcome = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GoogleSignInOutcome =>
    outcomes.get(context.switchToHttp().getRequest<FastifyRequest>()) ?? {
      kind: 'failed',
      code: 'google_failed',
    },
);

/**
 * Stands in for the Node response passport writes its redirect to. On the Fastify adapter a raw
 * write would skip Fastify's reply (its cookies, security headers and request id), and passport
 * never settles the guard after redirecting; this hands the URL back to the guard instead.
 */
class ProviderRedirect {
  statusCode = 200;
  readonly url: Promise<string>;
  private location = '';
  private resolve!: (url: string) => void;

  constructor() {
    this.url = new Promise((resolve) => (this.resolve = resolve));
  }

  setHeader(name: string, value: string): void {
    if (name.toLowerCase() === 'location') this.location = value;
  }

  end(): void {
    this.resolve(this.location);
  }
}

/**
 * Runs the Google strategy on both routes and never lets it answer by itself: the controller
 * gets the provider URL to redirect to, the signed-in user, or a failure code. Every failure
 * (user denied, bad state, token exchange, provider down) is logged here without tokens or
 * e-mails. Answers 404 while Google sign-in is not configured.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  private readonly logger = new Logger(GoogleAuthGuard.name);
  private readonly redirects = new WeakMap<FastifyRequest, ProviderRedirect>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stateStore: GoogleStateStore,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.googleSignInEnabled) throw new AuthException('google_unavailable');
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    outcomes.set(request, await this.run(context, request, http.getResponse<FastifyReply>()));
    return true;
  }

  private async run(
    context: ExecutionContext,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<GoogleSignInOutcome> {
    const query = request.query as Record<string, unknown>;
    const returning = Boolean(query.code || query.error);
    // Passport tells a return from a start by the query alone: on the wrong route, a start would
    // set a new state cookie on the callback, and a return would sign in on the start route.
    if (returning !== (request.routeOptions.url === GOOGLE_CALLBACK_PATH)) {
      return this.failed(request, 'a code on the start route, or none on the callback');
    }
    this.stateStore.attach(request, reply);
    const redirect = new ProviderRedirect();
    this.redirects.set(request, redirect);
    try {
      return await Promise.race([
        (super.canActivate(context) as Promise<boolean>).then(
          () => outcomes.get(request) ?? this.failed(request, 'no outcome'),
        ),
        redirect.url.then((url): GoogleSignInOutcome => ({ kind: 'redirect', url })),
      ]);
    } catch (error) {
      return this.failed(request, describe(error));
    }
  }

  // AuthGuard calls it for the response it hands to passport, though its type does not declare it.
  getResponse(context: ExecutionContext): ProviderRedirect | undefined {
    return this.redirects.get(context.switchToHttp().getRequest<FastifyRequest>());
  }

  override getAuthenticateOptions() {
    return { accessType: 'offline', prompt: 'consent' };
  }

  override handleRequest<TUser = GoogleSignInOutcome>(
    error: unknown,
    user: GoogleResolution | false | null,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const outcome: GoogleSignInOutcome =
      user && !error
        ? user
        : error instanceof GoogleSignInRefused
          ? this.failed(request, error.reason, error.code)
          : this.failed(request, error ? describe(error) : refusal(info));
    outcomes.set(request, outcome);
    return outcome as TUser;
  }

  private failed(
    request: FastifyRequest,
    reason: string,
    code: GoogleSignInErrorCode = 'google_failed',
  ): GoogleSignInOutcome {
    this.logger.warn({ reqId: request.id, code, reason }, 'Google sign-in failed');
    return { kind: 'failed', code };
  }
}

/** Passport fails without an error when the user denies access or the state does not match. */
function refusal(info: unknown): string {
  const message = (info as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : 'authorization denied';
}

/**
 * A loggable reason. Passport's errors carry the provider's error code and description, never a
 * token; the messages of anything else are not trusted to be free of personal data.
 */
function describe(failure: unknown): string {
  if (failure instanceof Error) {
    const oauth = (failure as { code?: unknown; oauthError?: { statusCode?: unknown } }).code;
    const status = (failure as { oauthError?: { statusCode?: unknown } }).oauthError?.statusCode;
    return [failure.name, typeof oauth === 'string' ? oauth : '', status ? `HTTP ${status}` : '']
      .filter(Boolean)
      .join(' ');
  }
  return 'unknown';
}
