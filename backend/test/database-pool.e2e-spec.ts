import { connect, createServer, type Server, type Socket } from 'node:net';
import { Client, type PoolClient } from 'pg';
import { type AppConfig } from '../src/config/config';
import {
  CONNECT_TIMEOUT_MS,
  DatabasePool,
  TRIAL_INTERVAL_MS,
  UNREACHABLE_MESSAGE,
} from '../src/core/database/database-pool';
import { isDatabaseUnavailable } from '../src/core/database/database-errors';
import { PrismaService } from '../src/core/database/prisma.service';
import { withDatabase } from '../src/core/database/embedded-postgres';
import { sleep } from './utils/async';

const FAILED_WAIT = 'timeout exceeded when trying to connect while PostgreSQL fails or recovers';
/** How long waits stay short after PostgreSQL answers again, shortened for these tests. */
const RECOVERY = 2000;

const serverUrl = () => withDatabase(process.env.DATABASE_URL as string, 'postgres');

/** What a pool's wait ended with: a connection (given back at once) or the error's message. */
const outcomeOf = (wait: Promise<PoolClient>) =>
  wait.then(
    (client) => {
      client.release();
      return 'connected';
    },
    (error: Error) => error.message,
  );

describe('the api database pool', () => {
  let pool: DatabasePool;
  let admin: Client;
  let held: PoolClient[] = [];

  beforeEach(async () => {
    pool = new DatabasePool({ connectionString: serverUrl(), max: 2 }, RECOVERY);
    admin = new Client({ connectionString: serverUrl() });
    await admin.connect();
  });

  afterEach(async () => {
    await admin.end();
    // A failed expectation may leave connections checked out, which would hold pool.end().
    for (const client of held) {
      try {
        client.release(true);
      } catch {
        // released already
      }
    }
    held = [];
    await pool.end();
  });

  /** Checks out a connection (released after the test whatever happens). */
  const hold = async () => {
    const client = await pool.connect();
    // A connection PostgreSQL drops while it is checked out reports on its holder.
    client.on('error', () => {});
    held.push(client);
    return client;
  };

  /** Checks out both connections the pool may open, as requests do while PostgreSQL is busy. */
  const holdAll = async () => [await hold(), await hold()] as const;

  const backendPid = async (client: PoolClient) => {
    const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    return row?.pid;
  };

  it('lets a statement wait for a busy pool longer than a connection attempt while PostgreSQL answers', async () => {
    const [first] = await holdAll();
    const waiting = outcomeOf(pool.connect());
    await sleep(CONNECT_TIMEOUT_MS + 500);
    first.release();

    expect(await waiting).toBe('connected');
    expect(pool.reachable).toBe(true);
  });

  it('ends the waits at once when PostgreSQL drops a connection, keeps them short while it recovers, then waits long again', async () => {
    const [doomed] = await holdAll();
    const dropped = await backendPid(doomed);
    const waiting = outcomeOf(pool.connect());
    await sleep(CONNECT_TIMEOUT_MS + 200);

    // PostgreSQL ends a busy connection, as when it shuts down or restarts.
    await admin.query('SELECT pg_terminate_backend($1)', [dropped]);
    // The pool's own long wait would end with a bare "timeout exceeded when trying to connect".
    expect(await waiting).toBe(FAILED_WAIT);
    expect(pool.reachable).toBe(false);

    // The dead connection goes back; the next request's new one shows PostgreSQL answering again.
    doomed.release(true);
    const reopened = await hold();
    const answeredAt = Date.now();
    expect(pool.reachable).toBe(true);
    const recovering = outcomeOf(pool.connect());
    // Nothing is given back during the wait; just back, PostgreSQL gets a short one.
    expect(await recovering).toBe(FAILED_WAIT);

    await sleep(Math.max(0, answeredAt + RECOVERY - Date.now()));
    const patient = outcomeOf(pool.connect());
    await sleep(CONNECT_TIMEOUT_MS + 500);
    reopened.release();
    expect(await patient).toBe('connected');
  });

  it('gives up on a PostgreSQL that takes the connection but never answers, after about a second', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const mute = new DatabasePool({
      connectionString: `postgresql://postgres@127.0.0.1:${port}/x`,
    });
    try {
      const started = Date.now();
      await expect(mute.connect()).rejects.toThrow(
        `Connection terminated: PostgreSQL did not answer within ${CONNECT_TIMEOUT_MS} ms`,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
      expect(mute.reachable).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await mute.end();
    }
  });

  it('does not call PostgreSQL down when its answer waited behind a busy process', async () => {
    const opening = outcomeOf(pool.connect());
    // The process is busy (a long synchronous task, a GC pause) for longer than a connection
    // attempt may take; PostgreSQL answers meanwhile, unread until the process listens again.
    const busyUntil = Date.now() + CONNECT_TIMEOUT_MS + 500;
    while (Date.now() < busyUntil) {
      // busy
    }
    await expect(opening).resolves.toBe('connected');
    expect(pool.reachable).toBe(true);
  });

  /**
   * A relay between a pool (`max: 2`) and PostgreSQL. `mode` decides what a new connection gets:
   * PostgreSQL itself, "too many clients", or "the database system is shutting down" (as PostgreSQL
   * answers each new connection while it stops); `refuse` closes the port (PostgreSQL gone).
   * Connections already carried stay open whatever the mode. `opened` counts the connections
   * the relay was asked for.
   */
  async function relayedPool() {
    const target = new URL(serverUrl());
    const sockets: Socket[] = [];
    const state = { mode: 'open' as 'open' | 'full' | 'shutting down', opened: 0 };
    /** PostgreSQL's answer to a startup it turns away: FATAL `code` with `message`. */
    const fatal = (code: string, message: string) => {
      const fields = Buffer.from(`SFATAL\0C${code}\0M${message}\0\0`);
      const header = Buffer.alloc(5);
      header.write('E');
      header.writeInt32BE(fields.length + 4, 1);
      return Buffer.concat([header, fields]);
    };
    const relay: Server = createServer((socket) => {
      socket.on('error', () => {});
      sockets.push(socket);
      state.opened += 1;
      if (state.mode !== 'open') {
        const answer =
          state.mode === 'full'
            ? fatal('53300', 'sorry, too many clients already')
            : fatal('57P03', 'the database system is shutting down');
        socket.once('data', () => socket.end(answer));
        return;
      }
      const upstream = connect(Number(target.port || 5432), target.hostname);
      upstream.on('error', () => {});
      sockets.push(upstream);
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(target);
    relayed.host = `127.0.0.1:${(relay.address() as { port: number }).port}`;
    const relayedPool = new DatabasePool({ connectionString: relayed.toString(), max: 2 });
    const taken: PoolClient[] = [];
    return {
      pool: relayedPool,
      state,
      /** Takes both connections, as requests whose statements take long. */
      takeAll: async () => {
        for (let i = 0; i < 2; i++) taken.push(await relayedPool.connect());
        return taken;
      },
      refuse: () => relay.close(),
      close: async () => {
        for (const client of taken) {
          try {
            client.release(true);
          } catch {
            // given back already
          }
        }
        for (const socket of sockets) socket.destroy();
        relay.close();
        await relayedPool.end();
      },
    };
  }

  it('ends the waits within a second when PostgreSQL stops taking connections while every one is stuck', async () => {
    // As PostgreSQL stopping behind a slow disk: its busy backends end only once their writes
    // return, while new connections are turned away.
    const relayed = await relayedPool();
    try {
      await relayed.takeAll();
      relayed.refuse();

      const started = Date.now();
      // Before, this waited for POOL_WAIT_MS (5 s): nothing had failed yet.
      expect(await outcomeOf(relayed.pool.connect())).toBe(FAILED_WAIT);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(relayed.pool.reachable).toBe(false);
    } finally {
      await relayed.close();
    }
  });

  it('tries one connection at a time while PostgreSQL is down, not one per request, and sees it back', async () => {
    // As PostgreSQL stopping behind a slow disk (CI's chaos run): every connection stuck in a
    // statement, new ones turned away (each costing PostgreSQL a process), requests piling up.
    const relayed = await relayedPool();
    try {
      const taken = await relayed.takeAll();
      relayed.state.mode = 'shutting down';
      const queued = Array.from({ length: 40 }, () => outcomeOf(relayed.pool.connect()));
      expect(new Set(await Promise.all(queued))).toEqual(new Set([FAILED_WAIT]));
      expect(relayed.pool.reachable).toBe(false);

      // The stuck statements end as PostgreSQL finishes them; before, each freed connection
      // opened a new one for every request that had already been answered, one after another.
      const before = relayed.state.opened;
      for (const client of taken.splice(0)) client.release(true);
      // A burst of requests while it is down: answered at once, with at most one attempt.
      const burst = await Promise.all(
        Array.from({ length: 40 }, () => outcomeOf(relayed.pool.connect())),
      );
      // One tried and was turned away; the rest did not try, answered as PostgreSQL down (503).
      expect(
        burst.filter((outcome) => outcome === UNREACHABLE_MESSAGE).length,
      ).toBeGreaterThanOrEqual(burst.length - 1);
      expect(isDatabaseUnavailable(new Error(UNREACHABLE_MESSAGE))).toBe(true);
      await sleep(300);
      expect(relayed.state.opened - before).toBeLessThanOrEqual(1);

      // Back: the next attempt (at most TRIAL_INTERVAL_MS on) opens, and the pool serves again.
      relayed.state.mode = 'open';
      await sleep(TRIAL_INTERVAL_MS);
      expect(await outcomeOf(relayed.pool.connect())).toBe('connected');
      expect(relayed.pool.reachable).toBe(true);
      const after = await Promise.all(
        Array.from({ length: 10 }, () => outcomeOf(relayed.pool.connect())),
      );
      expect(new Set(after)).toEqual(new Set(['connected']));
    } finally {
      await relayed.close();
    }
  });

  it('admits a new request while PostgreSQL is down only when a connection would be tried for it', async () => {
    // A quote request asks first (PrismaService.shedWhileDown) and is answered 503 before it
    // spends anything in Redis; some still go on, so the pool sees PostgreSQL back.
    const relayed = await relayedPool();
    try {
      expect(relayed.pool.admitting).toBe(true);
      const taken = await relayed.takeAll();
      relayed.state.mode = 'shutting down';
      expect(await outcomeOf(relayed.pool.connect())).toBe(FAILED_WAIT);
      expect(relayed.pool.reachable).toBe(false);

      // Down, with every connection stuck in a statement: a request could only wait and fail.
      expect(relayed.pool.admitting).toBe(false);
      // One ends (PostgreSQL ends it as it stops): no trial yet, so the next request is one.
      taken.pop()!.release(true);
      expect(relayed.pool.admitting).toBe(true);
      const trial = outcomeOf(relayed.pool.connect());
      // While that trial is out, and for TRIAL_INTERVAL_MS after it began, none is admitted.
      expect(relayed.pool.admitting).toBe(false);
      expect(await trial).toMatch(/shutting down|fails or recovers/);
      expect(relayed.pool.admitting).toBe(false);
      await sleep(TRIAL_INTERVAL_MS + 20);
      expect(relayed.pool.admitting).toBe(true);

      // Back: the admitted request's attempt opens, and every request is admitted again.
      relayed.state.mode = 'open';
      for (const client of taken.splice(0)) client.release(true);
      expect(await outcomeOf(relayed.pool.connect())).toBe('connected');
      expect(relayed.pool.reachable).toBe(true);
      expect(relayed.pool.admitting).toBe(true);
    } finally {
      await relayed.close();
    }
  });

  it('forgets a request it answered: nothing is opened or handed to it once PostgreSQL is back', async () => {
    const relayed = await relayedPool();
    try {
      const taken = await relayed.takeAll();
      relayed.state.mode = 'shutting down';
      const queued = Array.from({ length: 20 }, () => outcomeOf(relayed.pool.connect()));
      expect(new Set(await Promise.all(queued))).toEqual(new Set([FAILED_WAIT]));
      expect(relayed.pool.waitingCount).toBe(0);

      // PostgreSQL is back as its stuck statements end. Before, each answered request still held
      // a place in pg-pool's queue, and the freed places opened connections for them.
      relayed.state.mode = 'open';
      const before = relayed.state.opened;
      for (const client of taken.splice(0)) client.release(true);
      await sleep(300);
      expect(relayed.state.opened - before).toBe(0);
      expect(await outcomeOf(relayed.pool.connect())).toBe('connected');
    } finally {
      await relayed.close();
    }
  });

  it('keeps waiting when PostgreSQL is only full: its probe meeting "too many clients" does not call it down', async () => {
    const relayed = await relayedPool();
    try {
      const [first] = await relayed.takeAll();
      relayed.state.mode = 'full';
      const waiting = outcomeOf(relayed.pool.connect());
      // Several probes meet "too many clients" meanwhile; the wait goes on.
      await sleep(800);
      first!.release();

      expect(await waiting).toBe('connected');
      expect(relayed.pool.reachable).toBe(true);
    } finally {
      await relayed.close();
    }
  });

  it('marks PostgreSQL unreachable when a connection cannot be opened', async () => {
    const closed = new DatabasePool({ connectionString: 'postgresql://postgres@127.0.0.1:1/x' });
    try {
      await expect(closed.connect()).rejects.toThrow(/ECONNREFUSED/);
      expect(closed.reachable).toBe(false);
    } finally {
      await closed.end();
    }
  });
});

describe("the api's Prisma transactions", () => {
  it('wait for a busy pool as long as a statement does, not Prisma’s 2 s', async () => {
    const prisma = new PrismaService({ DATABASE_URL: serverUrl() } as AppConfig);
    const held: PoolClient[] = [];
    try {
      // Every connection of the pool (pg's default 10) busy, as a burst of requests holds them.
      for (let i = 0; i < 10; i++) held.push(await prisma.pool.connect());
      const transaction = prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`);
      const outcome = transaction.then(
        () => 'committed',
        (error: Error) => error.message,
      );
      await sleep(3000);
      for (const client of held.splice(0)) client.release();
      await expect(outcome).resolves.toBe('committed');
    } finally {
      for (const client of held) client.release();
      await prisma.onModuleDestroy();
    }
  });
});
