import { type INestApplicationContext } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_AUDIENCE } from '../../src/modules/auth/sessions.service';

/**
 * An access token for the same user and session as `token`, signed by the app's own key, valid
 * from `fromSeconds` to `toSeconds` relative to now (negative: in the past, i.e. expired).
 */
export function reissueAccessToken(
  app: INestApplicationContext,
  token: string,
  fromSeconds: number,
  toSeconds: number,
): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  const now = Math.floor(Date.now() / 1000);
  return app
    .get(JwtService, { strict: false })
    .sign(
      { sub: claims.sub, sid: claims.sid, iat: now + fromSeconds, exp: now + toSeconds },
      { audience: ACCESS_TOKEN_AUDIENCE },
    );
}
