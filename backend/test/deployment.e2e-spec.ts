import Ajv, { type ErrorObject } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { NODE_FLAGS } from '../src/node-flags';

/**
 * The scale-out layout (docker-compose.yml + docker/) checked offline, with no Docker engine and
 * no docker-compose binary: the file is read as Compose reads it (YAML 1.2 with `<<` merge keys),
 * validated against the Compose Specification's JSON schema (vendored in fixtures/compose-spec,
 * see its README), then the assertions read the model. Values stay uninterpolated (`${VAR:-x}`);
 * the schema accepts strings wherever Compose interpolates.
 */

const REPO_ROOT = resolve(__dirname, '../..');
const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');
const DOCKERFILE = join(REPO_ROOT, 'docker', 'Dockerfile');
const COMPOSE_SCHEMA = join(__dirname, 'fixtures', 'compose-spec', 'compose-spec.json');

type Environment = Record<string, string | number | boolean | null> | string[];
type DependsOn = string[] | Record<string, { condition?: string }>;

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Environment;
  depends_on?: DependsOn;
  deploy?: { replicas?: number };
  scale?: number;
  restart?: string;
  ports?: unknown[];
  volumes?: unknown[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  stop_grace_period?: string;
}

interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

function parseCompose(text: string): unknown {
  return load(text, { schema: CORE_SCHEMA.withTags(mergeTag) });
}

/** A validator for the Compose Specification's schema; errors name the path in the file. */
function composeValidator(): (model: unknown) => string[] {
  // The schema names draft-07 by its https address; Ajv knows it by the http one.
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  ajv.addMetaSchema(draft07, 'https://json-schema.org/draft-07/schema');
  const validate = ajv.compile(JSON.parse(readFileSync(COMPOSE_SCHEMA, 'utf8')) as object);
  const describe = (error: ErrorObject) =>
    `${error.instancePath || '/'} ${error.message ?? error.keyword}` +
    (error.keyword === 'additionalProperties'
      ? `: ${(error.params as { additionalProperty: string }).additionalProperty}`
      : '');
  return (model) => (validate(model) ? [] : (validate.errors ?? []).map(describe));
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

function conditionsOf(service: ComposeService): Record<string, string> {
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn)) {
    return Object.fromEntries(dependsOn.map((name) => [name, 'service_started']));
  }
  return Object.fromEntries(
    Object.entries(dependsOn).map(([name, value]) => [name, value.condition ?? 'service_started']),
  );
}

function argv(command: string | string[] | undefined): string[] {
  if (command === undefined) return [];
  return Array.isArray(command) ? command.map(String) : command.trim().split(/\s+/);
}

/**
 * Volume mounts as [source, target] pairs, from the short (`a:b:ro`) or the long form; a bind
 * mount's relative source is resolved against the file's folder, as Compose does.
 */
function mountsOf(service: ComposeService): [string, string][] {
  return (service.volumes ?? []).map((volume) => {
    const [source = '', target = ''] =
      typeof volume === 'string'
        ? volume.split(':')
        : [(volume as { source?: string }).source, (volume as { target?: string }).target];
    return [/^[./~]/.test(source) ? resolve(REPO_ROOT, source) : source, target];
  });
}

/** Every `$NAME` / `${…}` in the model's strings (`$$` is a literal dollar). */
function interpolations(value: unknown): string[] {
  if (typeof value === 'string') {
    return [...value.replaceAll('$$', '').matchAll(/\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)/g)].map(
      (match) => match[0],
    );
  }
  if (Array.isArray(value)) return value.flatMap(interpolations);
  if (value && typeof value === 'object') return Object.values(value).flatMap(interpolations);
  return [];
}

function replicasOf(service: ComposeService): number {
  return service.deploy?.replicas ?? service.scale ?? 1;
}

function buildOf(service: ComposeService): { context: string; dockerfile: string } | undefined {
  if (service.build === undefined) return undefined;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return {
    context: resolve(REPO_ROOT, build.context ?? '.'),
    dockerfile: build.dockerfile ?? 'Dockerfile',
  };
}

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions of the final (runtime) stage, continuation lines joined. */
function runtimeStage(dockerfile: string): Instruction[] {
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: (match?.[1] ?? '').toUpperCase(), args: match?.[2] ?? '' };
    });
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

/** Exec form (`["node", "x.js"]`) or shell form (`node x.js`) as an argument list. */
function commandWords(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return (JSON.parse(trimmed) as unknown[]).map(String);
  return trimmed.split(/\s+/);
}

describe('docker-compose.yml', () => {
  const validate = composeValidator();
  const model = parseCompose(readFileSync(COMPOSE_FILE, 'utf8'));
  const config = model as ComposeConfig;

  const service = (name: string): ComposeService => {
    const found = config.services[name];
    if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
    return found;
  };

  it('is a valid compose file with postgres, redis, migrate, api, worker and proxy', () => {
    expect(validate(model)).toEqual([]);
    expect(Object.keys(config.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'migrate', 'api', 'worker', 'proxy']),
    );
  });

  it('would be refused with a misspelt key or a wrong type, naming where', () => {
    const broken = parseCompose(
      readFileSync(COMPOSE_FILE, 'utf8')
        .replace(/^(\s+)depends_on:/m, '$1depend_on:')
        .replace(/replicas: 2/, 'replicas: [2]'),
    );
    expect(validate(broken)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/services\/\w+ must NOT have additional properties: depend_on$/),
        '/services/api/deploy/replicas must be integer,string',
      ]),
    );
  });

  it('declares every service a service depends on and every named volume it mounts', () => {
    const declaredVolumes = Object.keys(config.volumes ?? {});
    for (const [name, definition] of Object.entries(config.services)) {
      for (const dependency of Object.keys(conditionsOf(definition))) {
        expect({ name, dependency, declared: dependency in config.services }).toEqual({
          name,
          dependency,
          declared: true,
        });
      }
      for (const [source] of mountsOf(definition)) {
        const named = !source.startsWith('/');
        const exists = named ? declaredVolumes.includes(source) : existsSync(source);
        expect({ name, source, exists }).toEqual({ name, source, exists: true });
      }
    }
  });

  it('gives every ${VARIABLE} a default, so it starts without a .env file', () => {
    const variables = interpolations(model);
    expect(variables.length).toBeGreaterThan(0);
    expect(
      variables.filter((variable) => !/^\$\{[A-Za-z_][A-Za-z0-9_]*:?-[^}]*\}$/.test(variable)),
    ).toEqual([]);
  });

  it('runs the api as several replicas and at least one worker', () => {
    expect(replicasOf(service('api'))).toBeGreaterThan(1);
    expect(replicasOf(service('worker'))).toBeGreaterThanOrEqual(1);
  });

  it('builds migrate, api and worker from one image of docker/Dockerfile', () => {
    const api = buildOf(service('api'));
    expect(api).toEqual({ context: REPO_ROOT, dockerfile: 'docker/Dockerfile' });
    for (const name of ['worker', 'migrate']) {
      expect(buildOf(service(name))).toEqual(api);
      expect(service(name).image).toBe(service('api').image);
    }
  });

  it('starts each process with its own entry point, all of which exist in the backend', () => {
    const commands = {
      api: argv(service('api').command),
      worker: argv(service('worker').command),
      migrate: argv(service('migrate').command),
    };
    expect(commands).toEqual({
      api: ['node', 'backend/dist/main.js'],
      worker: ['node', 'backend/dist/worker.js'],
      migrate: ['node', 'backend/dist/migrate.js'],
    });
    for (const [, script = ''] of Object.values(commands)) {
      const source = script.replace(/^backend\/dist\//, 'backend/src/').replace(/\.js$/, '.ts');
      expect({ script, sourceExists: existsSync(join(REPO_ROOT, source)) }).toEqual({
        script,
        sourceExists: true,
      });
    }
  });

  it('gives the api, worker and migrate DATABASE_URL and REDIS_URL', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const env = environmentOf(service(name));
      expect({ name, DATABASE_URL: env.DATABASE_URL }).toEqual({
        name,
        DATABASE_URL: expect.stringMatching(/^postgres(ql)?:\/\/.+@postgres:5432\//),
      });
      expect({ name, REDIS_URL: env.REDIS_URL }).toEqual({
        name,
        REDIS_URL: expect.stringMatching(/^rediss?:\/\/redis:6379/),
      });
      expect(env.NODE_ENV).toBe('production');
    }
    expect(environmentOf(service('api')).TRUST_PROXY).toBe('true');
  });

  it('runs Redis with noeviction and AOF persistence on a volume', () => {
    const redis = service('redis');
    const args = argv(redis.command).join(' ');
    expect(args).toMatch(/--maxmemory-policy[ =]noeviction\b/);
    expect(args).toMatch(/--appendonly[ =]yes\b/);
    expect(mountsOf(redis).map(([, target]) => target)).toContain('/data');
    expect(redis.healthcheck?.test).toBeDefined();
  });

  it('keeps PostgreSQL on a volume with a pg_isready health check', () => {
    const postgres = service('postgres');
    expect(mountsOf(postgres).map(([, target]) => target)).toContain('/var/lib/postgresql/data');
    expect(JSON.stringify(postgres.healthcheck?.test)).toMatch(/pg_isready/);
  });

  it('runs migrations once, after PostgreSQL is up and before the api and worker start', () => {
    const migrate = service('migrate');
    expect(migrate.restart).toBe('no');
    expect(conditionsOf(migrate).postgres).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      const conditions = conditionsOf(service(name));
      expect({ name, migrate: conditions.migrate, redis: conditions.redis }).toEqual({
        name,
        migrate: 'service_completed_successfully',
        redis: 'service_healthy',
      });
    }
  });

  it('health-checks the api, and gives the worker time to finish running jobs', () => {
    expect(JSON.stringify(service('api').healthcheck?.test)).toMatch(/\/api\/health/);
    expect(service('worker').stop_grace_period).toMatch(/^\d+(s|m)/);
  });

  it('publishes only the proxy, which balances the api and passes WebSocket upgrades', () => {
    const published = Object.entries(config.services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['proxy']);
    expect(mountsOf(service('proxy'))).toContainEqual([
      join(REPO_ROOT, 'docker', 'nginx.conf'),
      expect.stringMatching(/^\/etc\/nginx\//),
    ]);

    const nginx = readFileSync(join(REPO_ROOT, 'docker', 'nginx.conf'), 'utf8');
    expect(nginx).toMatch(/server\s+api:3000\b/);
    expect(nginx).toMatch(/location\s+\/socket\.io\/\s*\{/);
    expect(nginx).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade/);
    expect(nginx).toMatch(/proxy_set_header\s+Connection\s+\$connection_upgrade/);
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for/);
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s/);
  });

  it('logs paths without query strings, which carry confirmation tokens and sign-in codes', () => {
    const nginx = readFileSync(join(REPO_ROOT, 'docker', 'nginx.conf'), 'utf8');
    // Every log_format in the file, its quoted parts joined as nginx joins them.
    const formats = new Map(
      [...nginx.matchAll(/^\s*log_format\s+(\S+)\s+((?:'[^']*'\s*)+);/gm)].map((match) => [
        match[1]!,
        [...match[2]!.matchAll(/'([^']*)'/g)].map((part) => part[1]).join(''),
      ]),
    );
    const used = [...nginx.matchAll(/^\s*access_log\s+(\S+)(?:\s+(\S+?))?\s*;/gm)];
    expect(used.length).toBeGreaterThan(0);
    for (const [, target, format] of used) {
      // nginx's default format ("combined") holds $request; an access log must name ours.
      expect({ target, format }).toEqual({ target, format: expect.any(String) });
      const line = formats.get(format!);
      expect({ format, defined: line !== undefined }).toEqual({ format, defined: true });
      expect(line).toContain('$uri');
      for (const leak of [
        '$request ',
        '$request"',
        '$request_uri',
        '$args',
        '$query_string',
        '$arg_',
        '$http_referer',
        '$request_body',
      ]) {
        expect({ format, leak, logged: line!.includes(leak) }).toEqual({
          format,
          leak,
          logged: false,
        });
      }
    }

    // Error lines quote the request line, query string and all, from level 'error' down.
    const errorLogs = [...nginx.matchAll(/^\s*error_log\s+(\S+)(?:\s+(\S+?))?\s*;/gm)];
    expect(errorLogs.map(([, target, level]) => ({ target, level }))).toEqual([
      { target: expect.any(String), level: expect.stringMatching(/^(crit|alert|emerg)$/) },
    ]);
  });
});

describe('docker/Dockerfile', () => {
  it('exists, and its runtime stage runs the api in production as a non-root user', () => {
    expect(existsSync(DOCKERFILE)).toBe(true);
    const stage = runtimeStage(readFileSync(DOCKERFILE, 'utf8'));
    const last = (keyword: string) => stage.filter((i) => i.keyword === keyword).pop()?.args;

    expect(commandWords(last('CMD') ?? '')).toEqual(['node', 'backend/dist/main.js']);
    expect(last('USER')).toMatch(/^(node|[1-9]\d*)\b/);
    expect(last('EXPOSE')).toMatch(/\b3000\b/);
    expect(last('HEALTHCHECK')).toMatch(/\/api\/health/);
    expect(stage.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(true);
  });

  it('runs the api and the worker with the Node flags npm start gives them', () => {
    const stage = runtimeStage(readFileSync(DOCKERFILE, 'utf8'));
    const options = stage
      .filter((i) => i.keyword === 'ENV')
      .map((i) => /(?:^|\s)NODE_OPTIONS=("[^"]*"|\S+)/.exec(i.args)?.[1])
      .filter((value) => value !== undefined)
      .pop();
    expect(options?.replace(/^"|"$/g, '').split(/\s+/)).toEqual([...NODE_FLAGS]);
  });
});
