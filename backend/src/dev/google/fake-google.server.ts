/** What the fake answers at /userinfo, shaped like Google's OpenID Connect userinfo. */
export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
}

export interface FakeGoogleServer {
  issuerUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-ins come back as. */
  setProfile(profile: FakeGoogleProfile): void;
  stop(): Promise<void>;
}

export const DEMO_GOOGLE_PROFILE: FakeGoogleProfile = {
  sub: 'fake-google-demo-0001',
  email: 'google-demo@rafter.app',
  email_verified: true,
  name: 'Jordan Demo',
  given_name: 'Jordan',
  family_name: 'Demo',
};

/**
 * A local stand-in for Google's OAuth endpoints (oauth2-mock-server): its authorize endpoint
 * approves at once and redirects back with a code, its token endpoint checks the PKCE verifier,
 * and /userinfo answers with the configured profile. Used by tests and by `npm start` when no
 * Google client is configured. The browser follows the redirect to its authorize endpoint, so it
 * must run on the machine of the browser: 127.0.0.1, and not "localhost", which Node may resolve
 * to ::1 where nothing listens.
 */
export async function startFakeGoogleServer(
  options: { port?: number; profile?: FakeGoogleProfile } = {},
): Promise<FakeGoogleServer> {
  // ESM-only package; a real dynamic import keeps this CommonJS module loadable.
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let profile = options.profile ?? DEMO_GOOGLE_PROFILE;
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> | '' }) => {
    response.body = { ...profile };
  });
  await server.start(options.port ?? 0, '127.0.0.1');
  const issuerUrl = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuerUrl;
  return {
    issuerUrl,
    authorizationUrl: `${issuerUrl}/authorize`,
    tokenUrl: `${issuerUrl}/token`,
    userinfoUrl: `${issuerUrl}/userinfo`,
    clientId: 'rafter-fake-google-client',
    clientSecret: 'rafter-fake-google-secret',
    setProfile(next) {
      profile = next;
    },
    stop: () => server.stop(),
  };
}
