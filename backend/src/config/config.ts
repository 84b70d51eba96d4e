import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../core/database/migrator';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

/**
 * How many proxies in front of the api to believe about the client's address: `true` is one
 * (the load balancer), a number is that many, `false` none. Only the last that many entries of
 * X-Forwarded-For are read, so an address the client itself puts in the header is ignored.
 */
export const trustProxyHops = z
  .string()
  .regex(/^(true|false|yes|no|[0-9])$/, {
    message: 'must be true, false or the number of proxies in front of the api (0-9)',
  })
  .transform((value) =>
    value === 'true' || value === 'yes'
      ? 1
      : value === 'false' || value === 'no'
        ? 0
        : Number(value),
  );

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

const rateLimit = z.coerce.number().int().min(0);

/** Esri World Imagery: free for development, not licensed for production traffic. */
const DEFAULT_MAP_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const DEFAULT_MAP_ATTRIBUTION =
  'Tiles © Esri — Source: Esri, i-cubed, USDA, USGS, AEX, GeoEye, Getmapping, Aerogrid, IGN, ' +
  'IGP, UPR-EGP, and the GIS User Community';
/** OpenStreetMap's standard tiles: fine for light use under its tile usage policy. */
const DEFAULT_MAP_STREETS_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_STREETS_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const tileUrl = url(['http:', 'https:']).refine(
  (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
  { message: 'must contain {z}, {x} and {y}' },
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
  TRUST_PROXY: trustProxyHops.default(0),
  FRONTEND_DIST: z.string().default(resolve(REPO_ROOT, 'frontend', 'dist')),
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
  /**
   * How long a "day" of a follow-up sequence is: a day, except in development and tests, where a
   * few seconds show a whole sequence run.
   */
  FOLLOW_UP_DAY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(86_400_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  /** Google Solar API (roof measurement); without it roofs are simulated. Server-side only. */
  GOOGLE_SOLAR_API_KEY: z.string().min(1).optional(),
  SOLAR_API_URL: url(['http:', 'https:']).default('https://solar.googleapis.com'),
  /** Google Maps JavaScript key, sent to browsers (restrict it by referrer); else a keyless map. */
  GOOGLE_MAPS_BROWSER_KEY: z.string().min(1).optional(),
  /** Keyless map tiles, with {z}, {x} and {y} placeholders: satellite imagery. */
  MAP_TILE_URL: tileUrl.default(DEFAULT_MAP_TILE_URL),
  MAP_ATTRIBUTION: z.string().min(1).default(DEFAULT_MAP_ATTRIBUTION),
  /** The keyless map's street layer; set it empty to offer satellite imagery only. */
  MAP_STREETS_TILE_URL: tileUrl.default(DEFAULT_MAP_STREETS_TILE_URL),
  MAP_STREETS_ATTRIBUTION: z.string().min(1).default(DEFAULT_MAP_STREETS_ATTRIBUTION),
  /** Photon-compatible address search for the keyless map; set it empty to turn suggestions off. */
  GEOCODER_URL: url(['http:', 'https:']).default('https://photon.komoot.io'),
  /** Requests allowed per window; 0 turns a limit off. */
  RATE_LIMIT_CAPTURE_PER_IP: rateLimit.default(10),
  RATE_LIMIT_CAPTURE_PER_OWNER: rateLimit.default(200),
  RATE_LIMIT_MEASURE_PER_IP: rateLimit.default(30),
  /** Share-page and material-pricing lookups and form tokens per IP per 10 minutes. */
  RATE_LIMIT_LOOKUP_PER_IP: rateLimit.default(120),
  /** Analytics reports (POST /api/analytics/events) per IP per 10 minutes. */
  RATE_LIMIT_ANALYTICS_PER_IP: rateLimit.default(600),
  /** How often the worker rolls the raw analytics events up into daily figures. */
  ANALYTICS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** Days raw analytics events are kept; older monthly partitions are dropped whole. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(31).max(3650).default(400),
  /** Google Solar API requests per UTC day, all api instances together; 0 turns the cap off. */
  DAILY_CAP_SOLAR_CALLS: rateLimit.default(5000),
  /** Days a stored Solar measurement is reused before the roof is measured again. */
  ROOF_MEASUREMENT_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Form tokens (GET /api/form-token): how long one lasts. The widget renews it before then, so
   * this bounds how long a token fetched by a script stays usable.
   */
  FORM_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 60)
    .default(120),
  /**
   * Quote requests for one calculator (or the main site) in a minute beyond which its widgets
   * must solve a proof-of-work challenge for the next ten minutes; 0 turns that off.
   */
  FORM_BURST_PER_MINUTE: rateLimit.default(5),
  /**
   * Difficulty of that challenge: the solver tries up to this many PBKDF2 keys (half of it on
   * average); see docs/security.md for the time it takes.
   */
  FORM_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Public API (/api/v1) requests per API key per minute. */
  RATE_LIMIT_API_PER_KEY: rateLimit.default(120),
  /** Sign-up, sign-in, forgot-password and resend requests per IP per 15 minutes. */
  RATE_LIMIT_AUTH_PER_IP: rateLimit.default(30),
  /** Sign-up, forgot-password and resend requests per e-mail address per hour. */
  RATE_LIMIT_AUTH_PER_EMAIL: rateLimit.default(5),
  /**
   * Signs access tokens and the Google sign-in state cookie; the same value on every api
   * instance. Required in production; elsewhere a random one is made at start-up.
   */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Google sign-in; the button shows only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: url(['http:', 'https:']).default(
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  GOOGLE_TOKEN_URL: url(['http:', 'https:']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: url(['http:', 'https:'])
    .refine((value) => new URL(value).pathname.endsWith('/userinfo'), {
      message: 'must end in /userinfo',
    })
    .default('https://www.googleapis.com/oauth2/v3/userinfo'),
  /** Stripe secret key; `npm start` without one runs a local fake Stripe and sets a test key. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the webhook endpoint (`/api/billing/webhook`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe-compatible API (the local fake); unset means Stripe itself. */
  STRIPE_API_URL: url(['http:', 'https:']).optional(),
  /** Monthly price ids of the three plans. */
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_SMART: z.string().min(1).optional(),
  STRIPE_PRICE_INSTANT: z.string().min(1).optional(),
  /**
   * Logos go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads served
   * under /uploads. S3_PUBLIC_URL is the address files are read from (bucket URL or CDN).
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: url(['http:', 'https:']).optional(),
  /**
   * Retell voice calls for the landing page's assistant. With RETELL_API_KEY and RETELL_AGENT_ID
   * set, `POST /api/demo-call` creates Retell web calls; without them the built-in assistant runs.
   */
  RETELL_API_KEY: z.string().min(1).optional(),
  RETELL_AGENT_ID: z.string().min(1).optional(),
  /** Another Retell-compatible API (the local fake); unset means Retell itself. */
  RETELL_API_URL: url(['http:', 'https:']).optional(),
  /** Demo calls per IP per hour. */
  RATE_LIMIT_DEMO_CALL_PER_IP: rateLimit.default(5),
  /** Retell demo calls per UTC day, all api instances together; 0 turns the cap off. */
  DAILY_CAP_RETELL_CALLS: rateLimit.default(200),
  /**
   * Text messages through Twilio: the account, its auth token (which also verifies inbound
   * webhooks) and the sender, a number or a Messaging Service. Without them texts are off
   * (`npm start` runs a local fake Twilio and sets them).
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'must be a phone number in E.164, like +15125550100')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG followed by 32 hex digits)')
    .optional(),
  /** Another Twilio-compatible API (the local fake); unset means Twilio itself. */
  TWILIO_API_URL: url(['http:', 'https:']).optional(),
  /**
   * Google Calendar sync (docs/calendar.md): an OAuth client of a Google Cloud project with the
   * Calendar API on, and this api's `/api/calendar/google/callback` among its redirect URIs. It
   * may be the sign-in client; the calendar consent is asked for on its own. Without them the
   * Calendar tab offers no sync (`npm start` runs a local fake Google Calendar and sets them).
   */
  GOOGLE_CALENDAR_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Another Google-compatible origin for the calendar's consent, token and Calendar API (the
   * local fake); unset means Google itself.
   */
  GOOGLE_CALENDAR_API_URL: url(['http:', 'https:']).optional(),
  /**
   * Password of the operators' queue dashboard at /admin/queues (HTTP basic auth, any user name).
   * Unset, the dashboard is off and the path answers 404.
   */
  OPERATOR_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Set by `npm start` when Google sign-in goes to its local fake OAuth server. */
  GOOGLE_OAUTH_DEMO: booleanFlag.default(false),
  /** Set by `npm start` when it seeded the demo contractor; the sign-in dialog shows its login. */
  DEMO_MODE: booleanFlag.default(false),
  /**
   * Serve the dev mailbox (/api/dev/mailbox) to any client, not only to this machine: for a
   * shared test server without SMTP. Never in production, where the mailbox does not exist.
   */
  DEV_MAILBOX_ALLOW_REMOTE: booleanFlag.default(false),
  /**
   * Let webhook endpoints be http:// receivers on this machine (127.0.0.1, localhost), and let
   * deliveries reach loopback addresses: for development and tests. Refused in production, where
   * every resolved address that is private, loopback, link-local or metadata is blocked.
   */
  WEBHOOK_ALLOW_LOOPBACK: booleanFlag.default(false),
  /** How long a webhook receiver has to answer; a slower answer counts as a failed attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** Deliveries one worker sends at once. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * Of those, the most one contractor's deliveries may take: its slow or numerous receivers
   * never hold every slot (docs/webhooks.md, "Fairness").
   */
  WEBHOOK_OWNER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  /** Local files (the dev mailbox); a relative path is taken from the repository root. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587; without it mail goes to the dev mailbox. */
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as Rafter <no-reply@rafter.app>')
    .default('Rafter <no-reply@rafter.app>'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig extends Omit<
  RawConfig,
  'PUBLIC_URL' | 'LOG_PRETTY' | 'GEOCODER_URL' | 'MAP_STREETS_TILE_URL' | 'AUTH_SECRET'
> {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  /** True when a Stripe key is set (with its webhook secret and the three price ids). */
  billingEnabled: boolean;
  /** True unless the Stripe key is a live one: the UI then marks payments as test mode. */
  billingTestMode: boolean;
  /** True when both Google client id and secret are set. */
  googleSignInEnabled: boolean;
  /** True when Twilio's account, token and a sender (number or Messaging Service) are set. */
  textsEnabled: boolean;
  /** Google Calendar sync is offered (GOOGLE_CALENDAR_CLIENT_ID and its secret are set). */
  googleCalendarEnabled: boolean;
  /** 'retell' when RETELL_API_KEY and RETELL_AGENT_ID are set, else the built-in assistant. */
  voiceProvider: 'retell' | 'built-in';
  /** Null when address suggestions are turned off. */
  GEOCODER_URL: string | null;
  /** Null when the keyless map offers satellite imagery only. */
  MAP_STREETS_TILE_URL: string | null;
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
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    // Without SMTP the mail would land in the dev mailbox, which production does not serve.
    throw new ConfigError('Invalid configuration: SMTP_URL is required in production');
  }
  if (config.NODE_ENV === 'production' && !config.AUTH_SECRET) {
    // Each instance would sign with its own random key and refuse the others' tokens.
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required in production');
  }
  if (config.NODE_ENV === 'production' && config.WEBHOOK_ALLOW_LOOPBACK) {
    // Loopback receivers are for development: in production they open the machine to SSRF.
    throw new ConfigError(
      'Invalid configuration: WEBHOOK_ALLOW_LOOPBACK is not allowed in production',
    );
  }
  if (config.S3_BUCKET && !config.S3_PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: S3_PUBLIC_URL is required with S3_BUCKET');
  }
  if (config.STRIPE_SECRET_KEY) {
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_STARTER',
      'STRIPE_PRICE_SMART',
      'STRIPE_PRICE_INSTANT',
    ] as const) {
      if (!config[name]) {
        throw new ConfigError(`Invalid configuration: ${name} is required with STRIPE_SECRET_KEY`);
      }
    }
  }
  if (!!config.RETELL_API_KEY !== !!config.RETELL_AGENT_ID) {
    throw new ConfigError(
      'Invalid configuration: RETELL_API_KEY and RETELL_AGENT_ID must be set together',
    );
  }
  const twilioSet = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN].filter(Boolean).length;
  const twilioSender = config.TWILIO_FROM_NUMBER ?? config.TWILIO_MESSAGING_SERVICE_SID;
  if ((twilioSet > 0 || twilioSender) && (twilioSet < 2 || !twilioSender)) {
    throw new ConfigError(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER (or ' +
        'TWILIO_MESSAGING_SERVICE_SID) must be set together',
    );
  }
  if (!!config.GOOGLE_CALENDAR_CLIENT_ID !== !!config.GOOGLE_CALENDAR_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_CALENDAR_CLIENT_ID and GOOGLE_CALENDAR_CLIENT_SECRET must be set together',
    );
  }
  return {
    ...config,
    textsEnabled: twilioSet === 2,
    googleCalendarEnabled: !!config.GOOGLE_CALENDAR_CLIENT_ID,
    voiceProvider: config.RETELL_API_KEY ? ('retell' as const) : ('built-in' as const),
    billingEnabled: !!config.STRIPE_SECRET_KEY,
    billingTestMode: !config.STRIPE_SECRET_KEY?.startsWith('sk_live_'),
    AUTH_SECRET: config.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    googleSignInEnabled: !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    DATA_DIR: resolve(REPO_ROOT, config.DATA_DIR),
    LOG_PRETTY: config.LOG_PRETTY ?? (config.NODE_ENV === 'development' && !!process.stdout.isTTY),
    SOLAR_API_URL: config.SOLAR_API_URL.replace(/\/+$/, ''),
    // An empty value is "unset" everywhere else; here it means "no geocoder".
    GEOCODER_URL: env.GEOCODER_URL === '' ? null : config.GEOCODER_URL.replace(/\/+$/, ''),
    MAP_STREETS_TILE_URL: env.MAP_STREETS_TILE_URL === '' ? null : config.MAP_STREETS_TILE_URL,
    isProduction: config.NODE_ENV === 'production',
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Whether the api listens on this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** What is switched on that only development and demos should have. */
export function devOnlyFeatures(config: AppConfig): string[] {
  const features: string[] = [];
  if (!config.isProduction && !config.SMTP_URL) {
    features.push(
      config.DEV_MAILBOX_ALLOW_REMOTE
        ? 'the dev mailbox at /api/dev/mailbox, open to every client (DEV_MAILBOX_ALLOW_REMOTE)'
        : 'the dev mailbox at /api/dev/mailbox (it answers this machine only)',
    );
  }
  if (!config.isProduction && config.TWILIO_API_URL) {
    features.push('the fake Twilio, its sent texts at /api/dev/texts');
  }
  if (!config.isProduction && config.GOOGLE_CALENDAR_API_URL) {
    features.push('the fake Google Calendar');
  }
  if (config.DEMO_MODE) features.push('the demo login shown in the sign-in dialog');
  if (config.GOOGLE_OAUTH_DEMO) features.push('a fake Google sign-in');
  return features;
}

/**
 * The start-up warning for a server reachable from other machines that runs development
 * features, or null. `npm start` on a VM listens on 0.0.0.0 in development by default.
 */
export function devFeaturesWarning(config: AppConfig): string | null {
  const features = devOnlyFeatures(config);
  if (isLoopbackHost(config.HOST) || features.length === 0) return null;
  return (
    `HOST=${config.HOST} accepts connections from other machines, but development features are ` +
    `on: ${features.join('; ')}. For a public server set NODE_ENV=production (with SMTP_URL and ` +
    'AUTH_SECRET); to keep this one to this machine, set HOST=127.0.0.1.'
  );
}

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
