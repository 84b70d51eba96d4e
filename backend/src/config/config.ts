import { resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../core/database/migrator';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** Every environment variable the api and worker read, with its default. README lists them. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'must be letters, digits, - or _')
    .default('rafter'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  FRONTEND_DIST: z.string().default(resolve(REPO_ROOT, 'frontend', 'dist')),
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig extends Omit<RawConfig, 'PUBLIC_URL' | 'LOG_PRETTY'> {
  PUBLIC_URL: string;
  LOG_PRETTY: boolean;
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Parses and validates the environment once; the first problem becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const problem =
      issue?.code === 'invalid_type' && env[name] === undefined ? 'is required' : issue?.message;
    throw new ConfigError(`Invalid configuration: ${name} ${problem}`);
  }
  const config = parsed.data;
  return {
    ...config,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    LOG_PRETTY: config.LOG_PRETTY ?? (config.NODE_ENV === 'development' && !!process.stdout.isTTY),
    isProduction: config.NODE_ENV === 'production',
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** For process entry points: the configuration, or its one-line problem on stderr and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
