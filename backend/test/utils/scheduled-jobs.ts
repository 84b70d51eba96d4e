import { type Queue } from 'bullmq';
import { eventually } from './async';

/**
 * Waits for the worker to have scheduled job `name`, then removes that scheduler and waits for
 * any run of it already queued, so a test that runs the job itself sees no scheduled run racing
 * it. Returns the scheduler as the worker registered it.
 */
export async function takeOverScheduler(queue: Queue, name: string): Promise<unknown> {
  const scheduler = await eventually(() => queue.getJobScheduler(name));
  await queue.removeJobScheduler(name);
  await eventually(async () => {
    const pending = await queue.getJobs(['active', 'waiting', 'delayed', 'prioritized']);
    return pending.every((job) => job.name !== name);
  });
  return scheduler;
}

/** Runs job `name` through the queue, as its scheduler would, and returns its result. */
export async function runScheduledJob<T>(queue: Queue, name: string): Promise<T> {
  const job = await queue.add(name, {});
  await eventually(async () => (await job.getState()) === 'completed', 20_000);
  return (await queue.getJob(job.id!))!.returnvalue as T;
}
