import { Module } from '@nestjs/common';
import { OutboxService } from './outbox.service';

/**
 * The outbox's writing side, for any module whose change needs follow-up work. The worker's
 * relay and sweep (core/queue/worker-queue.module.ts) read it.
 */
@Module({
  providers: [OutboxService],
  exports: [OutboxService],
})
export class OutboxModule {}
