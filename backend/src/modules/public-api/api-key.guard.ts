import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type ApiKeyScope, hasScope } from '@rafter/domain/api-keys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitException } from '../../core/rate-limit/rate-limit.exception';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { ApiKeysException } from '../api-keys/api-keys.exception';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { REQUIRED_SCOPE } from './api-caller.decorator';

export const API_RATE_WINDOW_SECONDS = 60;
const POLICY_NAME = 'per-key';

/**
 * The public API's only door: `Authorization: Bearer rft_…` with a live key of a contractor whose
 * plan includes the API. A dashboard access token is not a key and is refused (401), as a key is
 * refused by the dashboard's AccessTokenGuard. Then the key's rate limit, told to the client in
 * the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers), and the operation's scope.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly rateLimit: RateLimitService,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const [scheme, key] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !key) {
      void reply.header('www-authenticate', 'Bearer realm="rafter-api"');
      throw new ApiKeysException('api_key_missing');
    }
    let caller;
    try {
      caller = await this.keys.authenticate(key, request.headers['user-agent']);
    } catch (error) {
      if (error instanceof ApiKeysException) {
        void reply.header('www-authenticate', 'Bearer realm="rafter-api", error="invalid_token"');
      }
      throw error;
    }
    await this.limit(caller.keyId, reply);
    const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(REQUIRED_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (scope && !hasScope(caller.scopes, scope)) {
      throw new ApiKeysException('insufficient_scope', { requiredScope: scope });
    }
    request.apiCaller = caller;
    return true;
  }

  private async limit(keyId: string, reply: FastifyReply): Promise<void> {
    const limit = this.config.RATE_LIMIT_API_PER_KEY;
    const state = await this.rateLimit.take(
      { name: 'api-key', limit, windowMs: API_RATE_WINDOW_SECONDS * 1000 },
      keyId,
    );
    if (!state) return;
    void reply
      .header('ratelimit-policy', `"${POLICY_NAME}";q=${limit};w=${API_RATE_WINDOW_SECONDS}`)
      .header('ratelimit', `"${POLICY_NAME}";r=${state.remaining};t=${state.resetSeconds}`);
    if (state.limited) {
      void reply.header('retry-after', String(state.resetSeconds));
      throw new RateLimitException(state.resetSeconds);
    }
  }
}
