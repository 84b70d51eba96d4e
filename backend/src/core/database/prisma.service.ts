import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Client, type ClientConfig, Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { type Prisma, PrismaClient } from '../../generated/prisma/client';

/**
 * How long opening a connection may take. PostgreSQL down or unreachable shows here, and the api
 * answers 503 at once instead of holding requests.
 */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * How long a statement may wait for a pooled connection while all of them are busy. PostgreSQL is
 * up then, only slow for a moment (a checkpoint, autovacuum, a burst of requests); riding that out
 * keeps a homeowner's quote request instead of shedding it. Bounded, so a longer stall still ends
 * in a 503 rather than a queue that grows without limit.
 */
export const POOL_WAIT_MS = 5000;

/**
 * A pg client whose own connection attempt gives up after CONNECT_TIMEOUT_MS, with an error that
 * says so (pg's own is a bare "timeout expired"), which the api answers with 503.
 */
class FailFastClient extends Client {
  constructor(config?: ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }

  override connect(): Promise<Client>;
  override connect(callback: (err: Error | null) => void): void;
  override connect(callback?: (err: Error | null) => void): Promise<Client> | void {
    if (!callback) {
      return new Promise((resolve, reject) => {
        this.connect((err) => (err ? reject(err) : resolve(this)));
      });
    }
    super.connect((err: Error | null) =>
      callback(
        err?.message === 'timeout expired'
          ? new Error(
              `Connection terminated: PostgreSQL did not answer within ${CONNECT_TIMEOUT_MS} ms`,
              { cause: err },
            )
          : err,
      ),
    );
  }
}

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly logger = new Logger(PrismaService.name);

  /**
   * The connection pool Prisma runs on, for the few hot statements that skip Prisma's query
   * pipeline (a quote request's reads and insert; see LeadCaptureRepository). Sharing it keeps
   * the api within one pool's connections and one set of fail-fast rules.
   */
  readonly pool: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      // pg-pool applies one timeout to both waits; the client class bounds connecting on its own.
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: FailFastClient as unknown as new () => Client,
    });
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
    // An idle connection that PostgreSQL closes (a restart) is dropped from the pool; without a
    // listener the pool's 'error' event would end the process. The next query reconnects.
    pool.on('error', (error) => {
      this.logger.warn({ err: error.message }, 'Idle database connection closed');
    });
  }

  /**
   * Runs `query` straight on the pool, skipping Prisma's query pipeline, which costs more than
   * the statement itself on the hot paths that use this (quote requests, new-lead e-mails).
   */
  async rows<T>(query: Prisma.Sql): Promise<T[]> {
    return (await this.pool.query(query.text, query.values)).rows as T[];
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    // Prisma ends the pool only if it ever connected; raw statements may have used it alone.
    if (!this.pool.ended) await this.pool.end();
  }
}
