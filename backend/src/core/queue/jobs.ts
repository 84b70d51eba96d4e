/** BullMQ queues. Outbox topics are job names on the events queue. */
export const QUEUES = {
  /** Domain events relayed from the outbox (lead captured, e-mails to send, …). */
  events: 'events',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Retries with exponential backoff; failed jobs are kept so operators can see them. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;
