#!/usr/bin/env node
/**
 * Follow-up steps: --steps (default 10,000) leads of one Smart contractor, each with its first
 * follow-up step due now (a `follow-up.step-due` outbox row, what the sequence writes), drained by
 * one built worker process through the outbox relay, BullMQ and a real local SMTP server. Each
 * step is the whole production path: the lead's row locked, the stop rules decided, the e-mail
 * rendered and sent, the step and its timeline entry recorded, the next step (day 30, not due
 * during the run) written to the outbox. Steps per second from the first step claimed to the last recorded.
 *
 * The anchor, measured in the same run just before: the product's own SMTP transport delivering
 * as many messages of a follow-up's size to the same kind of server, 50 at a time (the worker's
 * concurrency), with no database, queue or rendering. It says whether a low figure is the
 * product's or the host's. --runs (default 3) repeats both; the median run is the figure.
 *
 *   npm run build && node bench/followups.mjs [--steps=10000 --runs=3]
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
const STEPS = option('steps', 10000);
const RUNS = option('runs', 3);
const ANCHOR_CONCURRENCY = 50;
const { SmtpTransport } = backendRequire('./dist/core/mailer/smtp-transport.js');

const SEQUENCE = [
  {
    channel: 'email',
    delayDays: 1,
    subject: 'Any questions about your roof estimate, {{firstName}}?',
    body: 'Hi {{firstName}},\n\nYour estimate was {{estimate}} for {{material}}.\n\n{{contractorName}}',
  },
  { channel: 'email', delayDays: 30, subject: 'Still thinking about your roof?', body: 'Hi' },
];

async function seed(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const ownerId = randomUUID();
    await client.query(
      `INSERT INTO users (id, email, email_verified_at, updated_at)
       VALUES ($1, 'followups-bench@roofers.test', now(), now())`,
      [ownerId],
    );
    await client.query(
      `INSERT INTO subscriptions (id, user_id, plan, status, updated_at)
       VALUES ($1, $2, 'smart', 'active', now())`,
      [randomUUID(), ownerId],
    );
    await client.query(
      `INSERT INTO business_profiles (id, user_id, business_name, new_lead_reminder_minutes,
         updated_at)
       VALUES ($1, $2, 'Bench Roofing', 0, now())`,
      [randomUUID(), ownerId],
    );
    await client.query(
      `INSERT INTO follow_up_sequences (user_id, enabled, steps, stop_statuses, updated_at)
       VALUES ($1, true, $2::jsonb, '{contacted,qualified,converted,lost}', now())`,
      [ownerId, JSON.stringify(SEQUENCE)],
    );
    // Captured ten days ago (visible, New); the first step of each is due now.
    await client.query(
      `WITH created AS (
         INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
           ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high,
           created_at, updated_at)
         SELECT gen_random_uuid(), $1::uuid, 'Ana', 'Bench' || i, 'ana' || i || '@example.com',
           '(512) 555-0100', '123 Main St, Austin, TX 78701', '78701', 'owner', 'asphalt', 'one',
           2000, 6800, 9350, 11900, now() - interval '10 days', now()
         FROM generate_series(1, $2::int) AS i
         RETURNING id)
       INSERT INTO outbox (id, topic, payload)
       SELECT gen_random_uuid(), 'follow-up.step-due',
         jsonb_build_object('leadId', id, 'ownerId', $1::uuid, 'step', 0)
       FROM created`,
      [ownerId, STEPS],
    );
    return ownerId;
  } finally {
    await client.end();
  }
}

/** E-mails per second through the product's SMTP transport alone (the anchor). */
async function smtpAlone() {
  const sink = await startMailSink({ httpPort: await freePort(), bodies: false });
  const transport = new SmtpTransport(sink.smtpUrl, ANCHOR_CONCURRENCY);
  // About a rendered follow-up's size: the MJML layout's HTML and its text part.
  const html = `<!doctype html><html><body>${'<p style="margin:0 0 12px;font-family:Arial">Hi Ana, your estimate was $9,350 for asphalt shingles.</p>'.repeat(120)}</body></html>`;
  const text = 'Hi Ana,\n\nYour estimate was $9,350 for asphalt shingles.\n'.repeat(20);
  try {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: ANCHOR_CONCURRENCY }, async () => {
        while (next < STEPS) {
          const n = next++;
          await transport.deliver(
            { to: `ana${n}@example.com`, subject: `Any questions, Ana ${n}?`, html, text },
            'Bench Roofing <leads@rafter.test>',
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (sink.messages.length !== STEPS) throw new Error(`anchor: ${sink.messages.length} e-mails`);
    return STEPS / seconds;
  } finally {
    await transport.close();
    await sink.close();
  }
}

/** One run: the product's steps/s, with its checks. */
async function product() {
  const databaseUrl = await prepareDatabase('rafter_bench_followups');
  const ownerId = await seed(databaseUrl);
  const httpPort = await freePort();
  // Keeps only each message's subject: the benchmark measures the worker, not the sink's parser.
  const sink = await startMailSink({ httpPort, bodies: false });
  const started = performance.now();
  const worker = await startWorker(benchEnv(databaseUrl, { SMTP_URL: sink.smtpUrl }));
  try {
    // From the first step claimed to the last recorded (a claimed step has no outcome yet).
    const deadline = Date.now() + 10 * 60_000;
    let first = null;
    let done = 0;
    while (done < STEPS) {
      if (Date.now() > deadline) throw new Error(`only ${done} of ${STEPS} steps after 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { rows } = await query(
        databaseUrl,
        `SELECT count(*)::int AS claimed, count(outcome)::int AS done
         FROM lead_follow_ups WHERE owner_id = $1`,
        [ownerId],
      );
      if (first === null && rows[0].claimed > 0) first = performance.now();
      done = rows[0].done;
    }
    const seconds = (performance.now() - first) / 1000;
    const wall = (performance.now() - started) / 1000;
    const {
      rows: [result],
    } = await query(
      databaseUrl,
      `SELECT count(*) FILTER (WHERE outcome = 'sent')::int AS sent,
         (SELECT count(*)::int FROM outbox WHERE topic = 'follow-up.step-due'
            AND payload->>'step' = '1') AS next
       FROM lead_follow_ups WHERE owner_id = $1`,
      [ownerId],
    );
    const received = sink.messages.length;
    if (received !== STEPS || result.sent !== STEPS || result.next !== STEPS) {
      throw new Error(
        `expected ${STEPS} e-mails, sent steps and next steps; got ${received}, ${result.sent}, ${result.next}`,
      );
    }
    return { seconds, rate: STEPS / seconds, wall };
  } finally {
    await stop(worker.child);
    await sink.close();
  }
}

async function main() {
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const anchor = await smtpAlone();
    const steps = await product();
    rows.push({ run, anchor, ...steps });
  }
  const median = [...rows].sort((a, b) => a.rate - b.rate)[Math.floor((rows.length - 1) / 2)];
  console.log(
    [
      `${STEPS.toLocaleString('en-US')} due follow-up steps (e-mail) through the outbox, BullMQ and SMTP, one worker process; ${RUNS} run(s).`,
      '',
      table(
        [
          'run',
          'anchor: SMTP alone (e-mails/s)',
          'first to last (s)',
          'steps/s',
          'of the anchor',
          'wall time incl. start (s)',
        ],
        rows.map((row) => [
          row === median ? `${row.run} (median)` : row.run,
          fixed(row.anchor, 0),
          fixed(row.seconds, 2),
          fixed(row.rate, 0),
          `${fixed((100 * row.rate) / row.anchor, 0)}%`,
          fixed(row.wall, 1),
        ]),
      ),
      '',
      `Median: ${fixed(median.rate, 0)} steps/s (${fixed((100 * median.rate) / median.anchor, 0)}% of its anchor). Budget: ≥ 500 steps/s.`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
