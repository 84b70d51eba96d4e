import { PassportStrategy } from '@nestjs/passport';
import { type Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import type { AppConfig } from '../../../config/config';
import {
  type GoogleAuthService,
  type GoogleIdentity,
  type GoogleResolution,
} from './google-auth.service';
import type { GoogleStateStore } from './google-state.store';

/** Where Google sends the browser back; register `${PUBLIC_URL}` + this with the OAuth client. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

export function googleCallbackUrl(config: AppConfig): string {
  return `${config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
}

/**
 * passport-google-oauth20 against the configured endpoints (Google's, or the local fake), with
 * state and PKCE (S256) kept in a cookie instead of a server session. Built by GoogleAuthModule
 * only when a client id and secret are configured: the strategy refuses to exist without them.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(
    config: AppConfig,
    stateStore: GoogleStateStore,
    private readonly googleAuth: GoogleAuthService,
  ) {
    super({
      clientID: config.GOOGLE_CLIENT_ID ?? '',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
      authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      callbackURL: googleCallbackUrl(config),
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      state: true,
      // @types/passport-oauth2 lacks the five-parameter PKCE store that passport-oauth2 1.8 calls.
      store: stateStore as unknown as StateStore,
    });
  }

  validate(
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): Promise<GoogleResolution> {
    return this.googleAuth.resolveUser(identityOf(profile));
  }
}

function identityOf(profile: Profile): GoogleIdentity {
  const claims = profile._json as Partial<Record<string, unknown>>;
  const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
  // Google's userinfo says true; older endpoints said "true".
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  return { subject: profile.id, email, emailVerified, fullName: name || null };
}
