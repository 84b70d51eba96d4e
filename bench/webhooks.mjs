#!/usr/bin/env node
/**
 * Webhook delivery throughput: --deliveries (default 20,000) signed webhook deliveries from one
 * built worker process to a local receiver answering 204, with WEBHOOK_CONCURRENCY as configured
 * (default 100). Two paths:
 *   default    delivery rows written straight into the database (what the fan-out stores), sent
 *              by the worker's dispatcher poll: the sender alone (claim, sign, POST, record).
 *   --outbox   captured leads with their `lead.captured` outbox rows, relayed through BullMQ to
 *              the webhook handler, which builds each payload, stores the delivery and sends it.
 * Deliveries per second from the first to the last successful attempt recorded. The receiver,
 * PostgreSQL and Redis run on the same machine and compete with the worker for its CPUs.
 *
 *   npm run build && node bench/webhooks.mjs [--deliveries=20000] [--outbox]
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
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
const DELIVERIES = option('deliveries', 20000);
const VIA_OUTBOX = process.argv.includes('--outbox');

async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function seed(url, receiverUrl) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    await client.query(
      `INSERT INTO users (id, email, email_verified_at, updated_at)
       VALUES ($1, 'webhooks-bench@roofers.test', now(), now())`,
      [ownerId],
    );
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan, status, current_period_end, updated_at)
       VALUES ($1, $2, 'instant', 'active', now() + interval '30 days', now())`,
      [randomUUID(), ownerId],
    );
    await client.query(
      `INSERT INTO webhook_endpoints (id, owner_id, url, events, secret, updated_at)
       VALUES ($1, $2, $3, ARRAY['lead.created'], $4, now())`,
      [endpointId, ownerId, receiverUrl, `whsec_${Buffer.alloc(24, 7).toString('base64')}`],
    );
    if (VIA_OUTBOX) {
      await client.query(
        `WITH created AS (
           INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
             ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high,
             updated_at)
           SELECT gen_random_uuid(), $1::uuid, 'Ana', 'Bench' || i, 'ana' || i || '@example.com',
             '5125550100', '123 Main St, Austin, TX 78701', '78701', 'owner', 'asphalt', 'one',
             2000, 6800, 9350, 11900, now()
           FROM generate_series(1, $2::int) AS i
           RETURNING id)
         INSERT INTO outbox (id, topic, payload)
         SELECT gen_random_uuid(), 'lead.captured',
           jsonb_build_object('leadId', id, 'ownerId', $1::uuid)
         FROM created`,
        [ownerId, DELIVERIES],
      );
    } else {
      // A lead.created payload of the usual size (~700 bytes), one lead per delivery.
      await client.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, owner_id, event_type, source_key,
           order_key, payload, updated_at)
         SELECT gen_random_uuid(), $1::uuid, $2::uuid, 'lead.created', 'bench:' || i, i::text,
           jsonb_build_object('type', 'lead.created', 'timestamp', now(), 'data',
             jsonb_build_object('lead', jsonb_build_object('id', gen_random_uuid(),
               'name', 'Ana Bench' || i, 'email', 'ana' || i || '@example.com',
               'phone', '5125550100', 'address', '123 Main St, Austin, TX 78701',
               'zipCode', '78701', 'ownership', 'owner', 'material', 'asphalt', 'stories', 'one',
               'roofArea', 2000, 'estimateLow', 6800, 'estimateMid', 9350, 'estimateHigh', 11900,
               'score', 72, 'status', 'new', 'source', 'calculator', 'locked', false,
               'createdAt', now(), 'updatedAt', now()))),
           now()
         FROM generate_series(1, $3::int) AS i`,
        [endpointId, ownerId, DELIVERIES],
      );
    }
    // Statistics, as autovacuum keeps them for a table this size: planned on an empty table's,
    // the dispatcher's claim read and sorted every due row (docs/webhooks.md, "Throughput").
    await client.query('ANALYZE webhook_deliveries, outbox, leads');
    return endpointId;
  } finally {
    await client.end();
  }
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_webhooks');
  const receiver = await startReceiver();
  const endpointId = await seed(databaseUrl, receiver.url);
  // The new-lead e-mails of --outbox go to a real local SMTP server, as in production.
  const sink = await startMailSink({ httpPort: await freePort(), bodies: false });
  const started = performance.now();
  const env = benchEnv(databaseUrl, { WEBHOOK_ALLOW_LOOPBACK: 'true', SMTP_URL: sink.smtpUrl });
  const worker = await startWorker(env);
  try {
    const deadline = Date.now() + 10 * 60_000;
    let done = 0;
    while (done < DELIVERIES) {
      if (Date.now() > deadline) throw new Error(`only ${done} of ${DELIVERIES} after 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await query(
        databaseUrl,
        `SELECT count(*)::int AS done FROM webhook_deliveries
         WHERE endpoint_id = $1 AND state = 'succeeded'`,
        [endpointId],
      );
      done = rows[0].done;
    }
    const wall = (performance.now() - started) / 1000;
    const {
      rows: [span],
    } = await query(
      databaseUrl,
      `SELECT extract(epoch FROM max(a.created_at) - min(a.created_at))::float8 AS seconds
       FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
       WHERE d.endpoint_id = $1 AND a.ok`,
      [endpointId],
    );
    console.log(
      [
        `${DELIVERIES.toLocaleString('en-US')} webhook deliveries ${VIA_OUTBOX ? 'from lead.captured outbox rows (relay, BullMQ, fan-out, send)' : 'from stored delivery rows (dispatcher poll)'}, one worker process, to a local receiver.`,
        '',
        table(
          [
            'deliveries',
            'received',
            'first to last (s)',
            'deliveries/s',
            'wall time incl. start (s)',
          ],
          [
            [
              DELIVERIES,
              receiver.received(),
              fixed(span.seconds, 2),
              fixed(DELIVERIES / span.seconds, 0),
              fixed(wall, 1),
            ],
          ],
        ),
        '',
        'Budget: ≥ 1,000 deliveries/s from one worker.',
      ].join('\n'),
    );
  } finally {
    await stop(worker.child);
    await receiver.close();
    await sink.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
