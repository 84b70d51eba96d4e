import { join } from 'node:path';
import { REPO_ROOT } from '../core/database/migrator';
import { ConfigError, loadConfig } from './config';

const valid = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/rafter' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(valid);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      REDIS_URL: 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: 'rafter',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 0,
      OUTBOX_POLL_INTERVAL_MS: 500,
      MAIL_FROM: 'Rafter <no-reply@rafter.app>',
      isProduction: false,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(join(REPO_ROOT, '.data'));
  });

  it('reads the mail settings and resolves DATA_DIR from the repository root', () => {
    const config = loadConfig({
      ...valid,
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Roof Co <hello@roof.example.com>',
      DATA_DIR: 'var/data',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Roof Co <hello@roof.example.com>',
      DATA_DIR: join(REPO_ROOT, 'var', 'data'),
    });
    expect(loadConfig({ ...valid, DATA_DIR: '/srv/rafter' }).DATA_DIR).toBe('/srv/rafter');
    expect(loadConfig({ ...valid, SMTP_URL: 'smtps://mail.example.com' }).SMTP_URL).toBe(
      'smtps://mail.example.com',
    );
  });

  it('reads and normalises values', () => {
    const config = loadConfig({
      ...valid,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      AUTH_SECRET: 'x'.repeat(32),
      PORT: '8080',
      PUBLIC_URL: 'https://roof.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'https://roof.example.com',
      TRUST_PROXY: 1,
      isProduction: true,
      LOG_PRETTY: false,
    });
  });

  it.each([
    [{}, 'Invalid configuration: DATABASE_URL is required'],
    [{ ...valid, DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a URL/],
    [{ ...valid, PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ ...valid, PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ ...valid, REDIS_URL: 'localhost:6379' }, /^Invalid configuration: REDIS_URL must be a URL/],
    [{ ...valid, LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [
      { ...valid, TRUST_PROXY: 'maybe' },
      'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the api (0-9)',
    ],
    [{ ...valid, NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [
      { ...valid, SMTP_URL: 'mail.example.com:587' },
      'Invalid configuration: SMTP_URL must be a URL starting with smtp:// or smtps://',
    ],
    [
      { ...valid, SMTP_URL: 'http://mail.example.com' },
      /^Invalid configuration: SMTP_URL must be a URL/,
    ],
    [{ ...valid, MAIL_FROM: 'Rafter' }, /^Invalid configuration: MAIL_FROM must be an address/],
    [{ ...valid, MAIL_FROM: 'Rafter <a@b.c>\r\nBcc: x@y.z' }, /^Invalid configuration: MAIL_FROM /],
  ])('stops with one line naming the bad variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('requires SMTP in production, where the dev mailbox is not served', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: SMTP_URL is required in production',
    );
  });

  it('allows loopback webhook receivers only outside production', () => {
    const production = {
      ...valid,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      AUTH_SECRET: 's'.repeat(40),
    };
    expect(loadConfig(production).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(
      'Invalid configuration: WEBHOOK_ALLOW_LOOPBACK is not allowed in production',
    );
    expect(loadConfig({ ...valid, WEBHOOK_ALLOW_LOOPBACK: 'true' }).WEBHOOK_ALLOW_LOOPBACK).toBe(
      true,
    );
  });

  it('requires a shared AUTH_SECRET in production and makes a random one elsewhere', () => {
    const production = { ...valid, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' };
    expect(() => loadConfig(production)).toThrow(
      'Invalid configuration: AUTH_SECRET is required in production',
    );
    expect(() => loadConfig({ ...production, AUTH_SECRET: 'too-short' })).toThrow(
      'Invalid configuration: AUTH_SECRET must be at least 32 characters',
    );
    expect(loadConfig({ ...production, AUTH_SECRET: 's'.repeat(40) }).AUTH_SECRET).toBe(
      's'.repeat(40),
    );
    const first = loadConfig(valid).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(valid).AUTH_SECRET).not.toBe(first);
  });

  it('offers Google sign-in only with both client id and secret', () => {
    expect(loadConfig(valid).googleSignInEnabled).toBe(false);
    expect(loadConfig({ ...valid, GOOGLE_CLIENT_ID: 'id' }).googleSignInEnabled).toBe(false);
    const google = loadConfig({ ...valid, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(google.googleSignInEnabled).toBe(true);
    expect(google.GOOGLE_USERINFO_URL).toBe('https://www.googleapis.com/oauth2/v3/userinfo');
    expect(() => loadConfig({ ...valid, GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/me' })).toThrow(
      'Invalid configuration: GOOGLE_USERINFO_URL must end in /userinfo',
    );
  });

  it('needs the webhook secret and all three prices with a Stripe key', () => {
    expect(loadConfig(valid)).toMatchObject({ billingEnabled: false, billingTestMode: true });
    const stripe = {
      ...valid,
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_SMART: 'price_m',
      STRIPE_PRICE_INSTANT: 'price_i',
    };
    expect(loadConfig(stripe)).toMatchObject({ billingEnabled: true, billingTestMode: false });
    expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_1' }).billingTestMode).toBe(true);
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_SMART: undefined })).toThrow(
      'Invalid configuration: STRIPE_PRICE_SMART is required with STRIPE_SECRET_KEY',
    );
  });

  it('runs the built-in voice assistant unless both Retell settings are given', () => {
    expect(loadConfig(valid).voiceProvider).toBe('built-in');
    const retell = { ...valid, RETELL_API_KEY: 'key_1', RETELL_AGENT_ID: 'agent_1' };
    expect(loadConfig(retell).voiceProvider).toBe('retell');
    expect(() => loadConfig({ ...retell, RETELL_AGENT_ID: undefined })).toThrow(
      'Invalid configuration: RETELL_API_KEY and RETELL_AGENT_ID must be set together',
    );
  });

  it('keeps the queue dashboard off without a long operator password', () => {
    expect(loadConfig(valid).OPERATOR_PASSWORD).toBeUndefined();
    expect(() => loadConfig({ ...valid, OPERATOR_PASSWORD: 'short' })).toThrow(
      'Invalid configuration: OPERATOR_PASSWORD must be at least 12 characters',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...valid, PORT: '' }).PORT).toBe(3000);
  });

  it('defaults the estimator to keyless maps, simulated roofs and the documented rate limits', () => {
    const config = loadConfig(valid);
    expect(config).toMatchObject({
      SOLAR_API_URL: 'https://solar.googleapis.com',
      MAP_TILE_URL:
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      MAP_ATTRIBUTION: expect.stringContaining('Esri'),
      MAP_STREETS_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_STREETS_ATTRIBUTION: expect.stringContaining('OpenStreetMap'),
      GEOCODER_URL: 'https://photon.komoot.io',
      RATE_LIMIT_CAPTURE_PER_IP: 10,
      RATE_LIMIT_CAPTURE_PER_OWNER: 200,
      RATE_LIMIT_MEASURE_PER_IP: 30,
      FORM_TOKEN_TTL_MINUTES: 120,
      FORM_BURST_PER_MINUTE: 5,
      FORM_CHALLENGE_MAX_NUMBER: 1000,
    });
    expect(config.GOOGLE_SOLAR_API_KEY).toBeUndefined();
    expect(config.GOOGLE_MAPS_BROWSER_KEY).toBeUndefined();
  });

  it('reads the estimator settings', () => {
    const config = loadConfig({
      ...valid,
      GOOGLE_SOLAR_API_KEY: 'solar-key',
      SOLAR_API_URL: 'http://127.0.0.1:4010/',
      GOOGLE_MAPS_BROWSER_KEY: 'maps-key',
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://geo.example/',
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_OWNER: '5000',
      FORM_TOKEN_TTL_MINUTES: '30',
      FORM_BURST_PER_MINUTE: '0',
      FORM_CHALLENGE_MAX_NUMBER: '50000',
    });
    expect(config).toMatchObject({
      GOOGLE_SOLAR_API_KEY: 'solar-key',
      SOLAR_API_URL: 'http://127.0.0.1:4010',
      GOOGLE_MAPS_BROWSER_KEY: 'maps-key',
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://geo.example',
      RATE_LIMIT_CAPTURE_PER_IP: 0,
      RATE_LIMIT_CAPTURE_PER_OWNER: 5000,
      FORM_TOKEN_TTL_MINUTES: 30,
      FORM_BURST_PER_MINUTE: 0,
      FORM_CHALLENGE_MAX_NUMBER: 50000,
    });
  });

  it('turns address suggestions off with an empty GEOCODER_URL', () => {
    expect(loadConfig({ ...valid, GEOCODER_URL: '' }).GEOCODER_URL).toBeNull();
  });

  it('reads the street tiles, and turns the street layer off with an empty MAP_STREETS_TILE_URL', () => {
    expect(
      loadConfig({
        ...valid,
        MAP_STREETS_TILE_URL: 'https://streets.example/{z}/{x}/{y}.png',
        MAP_STREETS_ATTRIBUTION: '© Example streets',
      }),
    ).toMatchObject({
      MAP_STREETS_TILE_URL: 'https://streets.example/{z}/{x}/{y}.png',
      MAP_STREETS_ATTRIBUTION: '© Example streets',
    });
    expect(loadConfig({ ...valid, MAP_STREETS_TILE_URL: '' }).MAP_STREETS_TILE_URL).toBeNull();
  });

  it.each([
    [{ ...valid, SOLAR_API_URL: 'solar.googleapis.com' }, /^Invalid configuration: SOLAR_API_URL /],
    [
      { ...valid, MAP_TILE_URL: 'https://tiles.example/tile.png' },
      'Invalid configuration: MAP_TILE_URL must contain {z}, {x} and {y}',
    ],
    [
      { ...valid, MAP_STREETS_TILE_URL: 'https://streets.example/{z}/{x}.png' },
      'Invalid configuration: MAP_STREETS_TILE_URL must contain {z}, {x} and {y}',
    ],
    [{ ...valid, GEOCODER_URL: 'ftp://geo.example' }, /^Invalid configuration: GEOCODER_URL /],
    [
      { ...valid, RATE_LIMIT_CAPTURE_PER_IP: '-1' },
      /^Invalid configuration: RATE_LIMIT_CAPTURE_PER_IP /,
    ],
    [
      { ...valid, RATE_LIMIT_MEASURE_PER_IP: 'many' },
      /^Invalid configuration: RATE_LIMIT_MEASURE_PER_IP /,
    ],
  ])('rejects a bad estimator setting (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
