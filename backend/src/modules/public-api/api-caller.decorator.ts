import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { type ApiKeyScope } from '@rafter/domain/api-keys';
import type { FastifyRequest } from 'fastify';
import { ApiKeysException } from '../api-keys/api-keys.exception';
import { type ApiCaller } from '../api-keys/api-keys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by ApiKeyGuard; read it with @CurrentApiCaller(). */
    apiCaller?: ApiCaller;
  }
}

export const REQUIRED_SCOPE = 'rafter:required-scope';

/** The scope a public API operation needs; ApiKeyGuard refuses keys without it (403). */
export const RequireScope = (scope: ApiKeyScope) => SetMetadata(REQUIRED_SCOPE, scope);

/** The key's contractor and scopes, proven by ApiKeyGuard. */
export const CurrentApiCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiCaller => {
    const caller = context.switchToHttp().getRequest<FastifyRequest>().apiCaller;
    // A handler without the guard must fail closed rather than run with no caller.
    if (!caller) throw new ApiKeysException('api_key_missing');
    return caller;
  },
);
