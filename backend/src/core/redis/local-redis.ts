import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';

/** True when a Redis server answers PING at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface LocalRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` from PATH on `port` with its files under `dataDir`, with the eviction
 * policy BullMQ requires. The server is stopped with the returned handle or when this process exits.
 */
export async function startLocalRedis(options: {
  port: number;
  dataDir: string;
}): Promise<LocalRedis> {
  mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(options.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      options.dataDir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const url = `redis://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers(url, 500))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', kill);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
