/** BullMQ queues. Outbox topics are job names on the events queue. */
export const QUEUES = {
  /** Domain events relayed from the outbox (lead captured, e-mails to send, …). */
  events: 'events',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * How long a completed job is kept, in seconds: longer than the outbox sweep's 24-hour window, so
 * a job missing inside it was lost by Redis rather than cleaned up (see OutboxSweep).
 */
export const COMPLETED_JOB_RETENTION_S = 25 * 3600;

/** Retries with exponential backoff; failed jobs are kept so operators can see them. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: COMPLETED_JOB_RETENTION_S },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/**
 * How BullMQ notices a job whose worker died (killed, crashed, lost its machine): the running
 * worker renews the job's lock every lockDuration / 2; once a lock has expired, the next stalled
 * check (every stalledInterval, on any worker) puts the job back in the queue. Shorter than
 * BullMQ's 30 s defaults, so a job interrupted by a crash runs again within about 25 s; our jobs
 * wait on I/O and never block the event loop that long. A job that stalls more than
 * maxStalledCount times fails for good, visibly, instead of looping. That limit is for a job
 * that itself brings its worker down; a stalled job goes back to the front of the queue, so
 * after a worker's restart it runs about when a crash-looping process dies again, and at 2 the
 * fault harness (chaos/faults.mjs, a worker killed every 15 s) saw a dozen innocent e-mails fail
 * for good in 30,000. At 5 a job must be running at six crashes in a row.
 */
export const WORKER_LOCK_OPTIONS = {
  lockDuration: 15_000,
  stalledInterval: 5_000,
  maxStalledCount: 5,
} as const;
