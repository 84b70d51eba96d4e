#!/usr/bin/env node
/**
 * Worker throughput: --jobs (default 20,000) new-lead notification jobs, each a captured lead with
 * its `lead.captured` outbox row (what capture-lead writes), drained by one built worker process
 * (WORKER_CONCURRENCY as configured, default 50) through the outbox relay and BullMQ into a real
 * local SMTP server. Jobs per second from the first to the last e-mail stamped on the leads.
 * With --workers=N, N worker processes share the queue, as deployed with one per CPU; on a machine
 * that also runs PostgreSQL, Redis and the SMTP server they compete with those for the CPUs.
 *
 *   npm run build && node bench/worker.mjs [--jobs=20000] [--workers=1]
 */
import { randomUUID } from 'node:crypto';
import { startMailSink } from '../e2e/mail-sink.mjs';
import {
  backendRequire,
  benchEnv,
  fixed,
  freePort,
  option,
  prepareDatabase,
  query,
  startWorker,
  stop,
  table,
} from './lib.mjs';

const { Client } = backendRequire('pg');
const JOBS = option('jobs', 20000);
const WORKERS = option('workers', 1);

async function seed(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = randomUUID();
    await client.query(
      `INSERT INTO users (id, email, email_verified_at, updated_at)
       VALUES ($1, 'worker-bench@roofers.test', now(), now())`,
      [ownerId],
    );
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan, status, updated_at)
       VALUES ($1, $2, 'instant', 'active', now())`,
      [randomUUID(), ownerId],
    );
    await client.query(
      `WITH created AS (
         INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
           ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high,
           updated_at)
         SELECT gen_random_uuid(), $1::uuid, 'Ana', 'Bench' || i, 'ana' || i || '@example.com',
           '(512) 555-0100', '123 Main St, Austin, TX 78701', '78701', 'owner', 'asphalt', 'one',
           2000, 6800, 9350, 11900, now()
         FROM generate_series(1, $2::int) AS i
         RETURNING id)
       INSERT INTO outbox (id, topic, payload)
       SELECT gen_random_uuid(), 'lead.captured', jsonb_build_object('leadId', id, 'ownerId', $1::uuid)
       FROM created`,
      [ownerId, JOBS],
    );
    return ownerId;
  } finally {
    await client.end();
  }
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_worker');
  const ownerId = await seed(databaseUrl);
  const httpPort = await freePort();
  // Keeps only each message's subject: the benchmark measures the worker, not the sink's parser.
  const sink = await startMailSink({ httpPort, bodies: false });
  const started = performance.now();
  const env = benchEnv(databaseUrl, { SMTP_URL: sink.smtpUrl });
  const workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker(env)));
  try {
    const deadline = Date.now() + 10 * 60_000;
    let done = 0;
    while (done < JOBS) {
      if (Date.now() > deadline) throw new Error(`only ${done} of ${JOBS} e-mails after 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await query(
        databaseUrl,
        'SELECT count(notified_at)::int AS done FROM leads WHERE owner_id = $1',
        [ownerId],
      );
      done = rows[0].done;
    }
    const wall = (performance.now() - started) / 1000;
    const {
      rows: [span],
    } = await query(
      databaseUrl,
      `SELECT extract(epoch FROM max(notified_at) - min(notified_at))::float8 AS seconds
       FROM leads WHERE owner_id = $1`,
      [ownerId],
    );
    // Leads are stamped once the sink accepted their e-mail, so every one has arrived.
    const received = sink.messages.length;
    console.log(
      [
        `${JOBS.toLocaleString('en-US')} notification jobs through the outbox, BullMQ and SMTP, ${WORKERS === 1 ? 'one worker process' : `${WORKERS} worker processes`}.`,
        '',
        table(
          ['jobs', 'e-mails received', 'first to last (s)', 'jobs/s', 'wall time incl. start (s)'],
          [[JOBS, received, fixed(span.seconds, 2), fixed(JOBS / span.seconds, 0), fixed(wall, 1)]],
        ),
        '',
        'Budget: ≥ 1,000 notification jobs/s.',
      ].join('\n'),
    );
  } finally {
    await Promise.all(workers.map((worker) => stop(worker.child)));
    await sink.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
