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
      TRUST_PROXY: false,
      OUTBOX_POLL_INTERVAL_MS: 500,
      isProduction: false,
    });
  });

  it('reads and normalises values', () => {
    const config = loadConfig({
      ...valid,
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://roof.example.com/',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'https://roof.example.com',
      TRUST_PROXY: true,
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
      'Invalid configuration: TRUST_PROXY must be true or false',
    ],
    [{ ...valid, NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
  ])('stops with one line naming the bad variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...valid, PORT: '' }).PORT).toBe(3000);
  });
});
