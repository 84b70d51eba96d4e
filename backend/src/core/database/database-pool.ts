import { Client, type ClientConfig, Pool, type PoolClient, type PoolConfig } from 'pg';
import { isDatabaseUnavailable } from './database-errors';

/**
 * How long opening a connection may take. PostgreSQL down or unreachable shows here, and the api
 * answers 503 at once instead of holding requests.
 */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * How late a connect timer may fire before the lateness counts as the event loop's, not
 * PostgreSQL's. Timers run before I/O in each turn of the loop: after the process was busy (a
 * long synchronous task, a GC pause, a CPU it shares), the timer fires first even when
 * PostgreSQL's answer is already waiting unread on the socket. Such a timer gives the connection
 * back the time the loop was away, so only a PostgreSQL that stayed silent while the process
 * listened is called down. Without this a busy moment marked a healthy database unreachable and
 * turned every wait short.
 */
export const TIMER_LATE_MS = 50;

/** At most this many times a connect timer is extended for a late loop; then it gives up. */
const MAX_EXTENSIONS = 3;

/**
 * How long a statement may wait for a pooled connection while PostgreSQL is down or just back
 * (not steady): half of the second within which the api promises its 503, so the rest of the
 * request (the handler, the answer, a busy event loop) fits in the other half. A wait capped at
 * the full second answered its 503 just after it, under load for hundreds of requests.
 */
export const UNSTEADY_WAIT_MS = 500;

/**
 * How long a statement may wait for a busy pool while PostgreSQL is down (a connection failed and
 * none has opened since). Only a busy connection's statement ending can serve it then, and with
 * PostgreSQL gone that ends in an error: waiting longer only delays the 503, whose second the
 * rest of the request (and a slower machine) needs.
 */
export const DOWN_WAIT_MS = 200;

/**
 * How long a statement may wait for a pooled connection while all of them are busy and
 * PostgreSQL is reachable. It is up then, only slow for a moment (a checkpoint, autovacuum, a
 * burst of requests); riding that out keeps a homeowner's quote request instead of shedding it.
 * Bounded, so a longer stall still ends in a 503 rather than a queue that grows without limit.
 */
export const POOL_WAIT_MS = 5000;

/**
 * How long a statement waits for a busy pool before the pool asks PostgreSQL, on a connection of
 * its own, whether it still takes new ones. Every connection may be stuck in a statement that
 * cannot finish (PostgreSQL stopping behind a slow disk: its backends end only once their writes
 * return), and nothing else would tell the pool for seconds. A refused probe ("the database system
 * is shutting down", a closed port, silence) calls PostgreSQL down, so the waits end within
 * DOWN_WAIT_MS; one that connects leaves the long wait for a PostgreSQL that is only slow.
 */
export const PROBE_AFTER_MS = 200;

/**
 * How long after PostgreSQL answers again the waits stay short. Just back from a restart it is
 * cold and takes the backlog of every process at once; a request it cannot serve within a second
 * then is better answered 503 with Retry-After than held for the long wait.
 */
export const RECOVERY_MS = 10_000;

/**
 * While PostgreSQL is down, how often the pool may try a new connection (one at a time). Every
 * other request that would have opened one is answered at once instead. A connection turned away
 * costs PostgreSQL a process of its own while it shuts down, and the api a socket and an error;
 * one per request (500 a second in CI's chaos run) left both so busy that the api's 503s came
 * seconds late. PostgreSQL back is still seen within this much of its first answer.
 */
export const TRIAL_INTERVAL_MS = 100;

/** The error for a request PostgreSQL down turns away without a connection attempt of its own. */
export const UNREACHABLE_MESSAGE =
  'PostgreSQL is unreachable: a connection is tried again shortly, not for each request';

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** What a client tells its pool about PostgreSQL's reachability. */
interface Reachability {
  /** A connection attempt began. */
  connecting(): void;
  /** It ended, opened or not (`opened` or `lost` follows). */
  attempted(): void;
  opened(): void;
  lost(): void;
}

/** pg-pool's waiting request: what a new connection is opened for. */
interface PendingItem {
  timedOut: boolean;
  callback: ConnectCallback;
}

/** The parts of pg-pool (3.x) this pool builds on that its types do not declare. */
interface PoolInternals {
  /** Requests waiting for a busy pool, oldest first. */
  _pendingQueue: PendingItem[];
  /** Opens a connection for `item`, which gets it, or the error. */
  newClient(item: PendingItem): void;
}

/**
 * A pg client whose own connection attempt gives up after CONNECT_TIMEOUT_MS, with an error that
 * says so (pg's own is a bare "timeout expired"), which the api answers with 503. It reports to
 * its pool whether connecting worked and when PostgreSQL closed the connection unasked.
 */
function reportingClient(reachability: Reachability): typeof Client {
  return class FailFastClient extends Client {
    private closing = false;

    constructor(config?: ClientConfig) {
      // pg's own connect timer would count the loop's busy time against PostgreSQL; see below.
      super({ ...config, connectionTimeoutMillis: 0 });
      this.once('end', () => {
        if (!this.closing) reachability.lost();
      });
    }

    /**
     * Ends the attempt as pg's own timer does, once PostgreSQL has had CONNECT_TIMEOUT_MS of a
     * listening loop to answer (TIMER_LATE_MS). Returns what cancels it.
     */
    private armConnectTimeout(): () => void {
      let dueAt = Date.now() + CONNECT_TIMEOUT_MS;
      let extensions = 0;
      let timer: NodeJS.Timeout;
      const fire = () => {
        const late = Date.now() - dueAt;
        if (late > TIMER_LATE_MS && extensions < MAX_EXTENSIONS) {
          extensions += 1;
          const grace = Math.min(late, CONNECT_TIMEOUT_MS);
          dueAt = Date.now() + grace;
          timer = setTimeout(fire, grace).unref();
          return;
        }
        const connection = this.connection as typeof this.connection & { _ending: boolean };
        connection._ending = true;
        connection.stream.destroy(new Error('timeout expired'));
      };
      timer = setTimeout(fire, CONNECT_TIMEOUT_MS).unref();
      return () => clearTimeout(timer);
    }

    override connect(): Promise<Client>;
    override connect(callback: (err: Error | null) => void): void;
    override connect(callback?: (err: Error | null) => void): Promise<Client> | void {
      if (!callback) {
        return new Promise((resolve, reject) => {
          this.connect((err) => (err ? reject(err) : resolve(this)));
        });
      }
      const cancelTimeout = this.armConnectTimeout();
      reachability.connecting();
      super.connect((err: Error | null) => {
        cancelTimeout();
        reachability.attempted();
        if (!err) {
          reachability.opened();
          return callback(null);
        }
        this.closing = true;
        reachability.lost();
        callback(
          err.message === 'timeout expired'
            ? new Error(
                `Connection terminated: PostgreSQL did not answer within ${CONNECT_TIMEOUT_MS} ms`,
                { cause: err },
              )
            : err,
        );
      });
    }

    override end(): Promise<void>;
    override end(callback: (err: Error) => void): void;
    override end(callback?: (err: Error) => void): Promise<void> | void {
      this.closing = true;
      return callback ? super.end(callback) : super.end();
    }
  } as unknown as typeof Client;
}

interface Waiter {
  readonly since: number;
  /** Its place in pg-pool's queue, while it waits for a busy pool. */
  queued?: PendingItem;
  timer?: NodeJS.Timeout;
  /** Fails the wait `ms` from now unless a connection came first. */
  giveUpIn(ms: number): void;
}

/**
 * The api's connection pool. While PostgreSQL answers, a statement waits up to POOL_WAIT_MS for a
 * busy pool's next free connection. Once a connection attempt fails or PostgreSQL drops a
 * connection, waiting is pointless: every wait then ends DOWN_WAIT_MS after it began (those
 * already longer end at once), so a database that is down answers 503 within a second instead of
 * queueing requests for the long wait. A wait that lasts PROBE_AFTER_MS makes the pool ask
 * PostgreSQL on a connection of its own, so connections stuck in statements (PostgreSQL stopping
 * behind a slow disk) do not hide that it is going. Once PostgreSQL answers again, waits end
 * UNSTEADY_WAIT_MS after they began until connections have opened without a failure for
 * RECOVERY_MS. While PostgreSQL is down the pool opens one connection at a time, at most every
 * TRIAL_INTERVAL_MS; a request that would have opened another is answered at once.
 */
export class DatabasePool extends Pool {
  private reachableNow = true;
  /** Connection attempts of the pool's own now under way. */
  private connecting = 0;
  /** When the last connection attempt while PostgreSQL was down began. */
  private lastTrialAt = Number.NEGATIVE_INFINITY;
  /** When the last failure ended (a connection opened after it); long ago for a fresh pool. */
  private answeringSince = Number.NEGATIVE_INFINITY;
  private readonly waiters = new Set<Waiter>();
  /** The next look at the waits (PROBE_AFTER_MS), or the probe connection now opening. */
  private probeTimer?: NodeJS.Timeout;
  private probing = false;
  /** The probe's client: it reports nothing itself; watchWaits reads its outcome. */
  private readonly ProbeClient: typeof Client;

  constructor(
    config: Omit<PoolConfig, 'Client' | 'connectionTimeoutMillis'>,
    private readonly recoveryMs = RECOVERY_MS,
  ) {
    const ignore = () => {};
    const silent: Reachability = {
      connecting: ignore,
      attempted: ignore,
      opened: ignore,
      lost: ignore,
    };
    // Filled in below, once `this` exists; the probe's client reports nothing (watchWaits reads it).
    const reachability: Reachability = { ...silent };
    super({
      ...config,
      // pg-pool applies this to queued waits and to opening; the client bounds opening itself.
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: reportingClient(reachability),
    });
    this.ProbeClient = reportingClient(silent);
    reachability.connecting = () => {
      this.connecting += 1;
    };
    reachability.attempted = () => {
      this.connecting -= 1;
    };
    reachability.opened = () => {
      if (this.reachableNow) return;
      this.reachableNow = true;
      this.answeringSince = Date.now();
    };
    reachability.lost = () => this.markUnreachable();
  }

  /** False from a failed or dropped connection until the next one opens. */
  get reachable(): boolean {
    return this.reachableNow;
  }

  /**
   * False while PostgreSQL is down and a new request could only be answered 503: no connection
   * is idle, and the pool would not try one for it (every connection is taken, stuck in a
   * statement; or a trial is under way, or began under TRIAL_INTERVAL_MS ago). A hot path that
   * asks first answers such a request before doing any other work, so the requests PostgreSQL's
   * stop leaves behind cost the api little. True again when a trial is due, so some requests
   * still go on and find PostgreSQL back.
   */
  get admitting(): boolean {
    if (this.reachableNow || this.idleCount > 0) return true;
    return (
      this.totalCount < (this.options.max ?? 10) &&
      this.connecting === 0 &&
      Date.now() - this.lastTrialAt >= TRIAL_INTERVAL_MS
    );
  }

  /** Whether a wait for a busy pool may take POOL_WAIT_MS rather than CONNECT_TIMEOUT_MS. */
  private get steady(): boolean {
    return this.reachableNow && Date.now() - this.answeringSince >= this.recoveryMs;
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) => {
        this.connect((err, client) => (err || !client ? reject(err) : resolve(client)));
      });
    }
    let settled = false;
    const waiter: Waiter = {
      since: Date.now(),
      giveUpIn: (ms) => {
        clearTimeout(waiter.timer);
        waiter.timer = setTimeout(
          () => {
            if (settled) return;
            settled = true;
            this.waiters.delete(waiter);
            // Out of pg-pool's queue too: a connection freed or opened later goes to a request
            // still waiting, not to this one (nor opens a new one for it).
            if (waiter.queued) {
              const queue = (this as unknown as PoolInternals)._pendingQueue;
              const at = queue.indexOf(waiter.queued);
              if (at >= 0) queue.splice(at, 1);
            }
            callback(
              new Error(
                'timeout exceeded when trying to connect while PostgreSQL fails or recovers',
              ),
              undefined,
              () => {},
            );
          },
          Math.max(0, ms),
        );
      },
    };
    this.waiters.add(waiter);
    if (!this.reachableNow) waiter.giveUpIn(DOWN_WAIT_MS);
    else if (!this.steady) waiter.giveUpIn(UNSTEADY_WAIT_MS);
    this.watchWaits();
    const queue = (this as unknown as PoolInternals)._pendingQueue;
    const queuedBefore = queue.length;
    super.connect((err, client, done) => {
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      if (settled) {
        // This wait was already answered with an error; the connection goes back to the pool.
        if (client) done();
        return;
      }
      settled = true;
      callback(err, client, done);
    });
    // pg-pool queues a request synchronously when every connection is busy.
    if (!settled && queue.length > queuedBefore) waiter.queued = queue[queue.length - 1];
  }

  /**
   * pg-pool opens every new connection here: for a request when none is idle, and for the next
   * queued one when a connection ends. While PostgreSQL is down only one attempt is out at a
   * time, at most every TRIAL_INTERVAL_MS; any other request is answered with UNREACHABLE_MESSAGE
   * at once (a 503), and no chain of failing attempts follows through the queue.
   */
  newClient(item: PendingItem): void {
    if (!this.reachableNow) {
      const now = Date.now();
      if (this.connecting > 0 || now - this.lastTrialAt < TRIAL_INTERVAL_MS) {
        process.nextTick(() => {
          if (!item.timedOut) item.callback(new Error(UNREACHABLE_MESSAGE), undefined, () => {});
        });
        return;
      }
      this.lastTrialAt = now;
    }
    (Pool.prototype as unknown as PoolInternals).newClient.call(this, item);
  }

  /**
   * Once a wait has lasted PROBE_AFTER_MS while PostgreSQL counts as reachable, opens one probe
   * connection (outside the pool, one at a time) and closes it again: its failure marks PostgreSQL
   * unreachable (the reporting client does), which ends the waits. Looks again while waits last.
   */
  private watchWaits(): void {
    if (this.probeTimer || this.probing || this.ending || this.ended) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      if (!this.reachableNow || this.waiters.size === 0 || this.ending || this.ended) return;
      let oldest = Date.now();
      for (const waiter of this.waiters) oldest = Math.min(oldest, waiter.since);
      if (Date.now() - oldest < PROBE_AFTER_MS) return this.watchWaits();
      this.probing = true;
      const probe = new this.ProbeClient(this.options);
      probe.on('error', () => {});
      probe.connect((err: Error | null) => {
        void probe.end().catch(() => {});
        this.probing = false;
        // Only a PostgreSQL that is going or gone calls it down; one that is full ("too many
        // clients": the probe is a connection past the pool's) is busy, and the wait goes on. A
        // probe that connects says nothing either way: the pool's own connections decide when
        // PostgreSQL is back (RECOVERY_MS).
        if (err && isDatabaseUnavailable(err)) this.markUnreachable();
        else this.watchWaits();
      });
    }, PROBE_AFTER_MS).unref();
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    return callback ? super.end(callback) : super.end();
  }

  private markUnreachable(): void {
    if (!this.reachableNow) return;
    this.reachableNow = false;
    const now = Date.now();
    for (const waiter of this.waiters) waiter.giveUpIn(DOWN_WAIT_MS - (now - waiter.since));
  }
}
