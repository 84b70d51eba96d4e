import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

export type JobHandler<T = unknown> = (data: T, job: Job<T>) => Promise<unknown>;

/**
 * The worker's handlers by job name. Feature modules register theirs when the worker starts;
 * each job name has exactly one handler, and jobs must be idempotent (they may run again after
 * a crash).
 */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<string, JobHandler>();

  register<T>(name: string, handler: JobHandler<T>): void {
    if (this.handlers.has(name)) throw new Error(`Job ${name} already has a handler`);
    this.handlers.set(name, handler as JobHandler);
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name);
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}
