import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { type Prisma, PrismaClient } from '../../generated/prisma/client';
import { DatabasePool, POOL_WAIT_MS, UNREACHABLE_MESSAGE } from './database-pool';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly logger = new Logger(PrismaService.name);

  /**
   * The connection pool Prisma runs on, for the few hot statements that skip Prisma's query
   * pipeline (a quote request's reads and insert; see LeadCaptureRepository). Sharing it keeps
   * the api within one pool's connections and one set of fail-fast rules.
   */
  readonly pool: DatabasePool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const pool = new DatabasePool({ connectionString: config.DATABASE_URL });
    super({
      adapter: new PrismaPg(pool, { disposeExternalPool: true }),
      // A transaction waits for a busy pool as a statement does: Prisma's own 2 s gave up first
      // and answered 500 where the pool would have served it (a burst of webhooks for one
      // contractor). The pool ends the wait itself, sooner while PostgreSQL is down (503); this
      // only keeps Prisma from ending it before the pool does.
      transactionOptions: { maxWait: POOL_WAIT_MS + 1000 },
    });
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
   * `prepareAs` names a statement whose text never changes (its data all in parameters): each
   * connection then parses it once and PostgreSQL may keep one plan for it instead of planning
   * every run, which for a batch statement can cost more than running it (docs/decisions/0043).
   */
  async rows<T>(query: Prisma.Sql, options: { prepareAs?: string } = {}): Promise<T[]> {
    const { text, values } = query;
    return (await this.pool.query({ name: options.prepareAs, text, values })).rows as T[];
  }

  /**
   * Throws the error the api answers 503 when PostgreSQL is down and this request would get no
   * connection anyway (DatabasePool.admitting): a hot path calls it before its other work.
   */
  shedWhileDown(): void {
    if (!this.pool.admitting) throw new Error(UNREACHABLE_MESSAGE);
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    // Prisma ends the pool only if it ever connected; raw statements may have used it alone.
    if (!this.pool.ended) await this.pool.end();
  }
}
