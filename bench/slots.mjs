#!/usr/bin/env node
/**
 * Inspection slots for a busy contractor (issue 24, docs/calendar.md): one contractor with
 * --bookings (default 500) future booked inspections spread over a 90-day horizon, open 7 am to
 * 7 pm every day (so the slot list is as long as it gets: about 2,000 times to check against the
 * bookings). Measures, beside an anchor from the same api in the same run:
 *   1. GET /api/booking/offer?token=… through the built api (the homeowner's request: token check,
 *      plan, lead, the bookings read, the slot computation of the first 14 open days, JSON),
 *      autocannon at --connections (default 1: one homeowner's wait, not a queue) for --duration
 *      seconds (default 10), after a warm-up;
 *   2. the anchor: GET /api/health/live on the same api, same load (the framework's floor);
 *   3. the slot computation alone (availableSlots from the build, as the offer calls it),
 *      --iterations times in process.
 * Repeats --runs times (default 3) and reports each run and the median p95. Budget: the offer's
 * p95 ≤ 50 ms.
 *
 *   npm run build && node bench/slots.mjs [--bookings=500 --runs=3 --connections=10 --duration=10]
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  ROOT,
  backendRequire,
  benchEnv,
  fixed,
  log,
  option,
  percentile,
  prepareDatabase,
  seedContractors,
  startApi,
  stop,
  table,
} from './lib.mjs';

const { Client } = backendRequire('pg');
const BOOKINGS = option('bookings', 500);
const RUNS = option('runs', 3);
const CONNECTIONS = option('connections', 1);
const DURATION = option('duration', 10);
const ITERATIONS = option('iterations', 300);
const SECRET = 'bench-slots-secret-0123456789abcdefghij';
const HORIZON_DAYS = 90;
const OPEN = { start: '07:00', end: '19:00' };
const AVAILABILITY = {
  timeZone: 'America/Chicago',
  weeklyHours: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      OPEN,
    ]),
  ),
  inspectionMinutes: 60,
  bufferMinutes: 30,
  minNoticeHours: 24,
  horizonDays: HORIZON_DAYS,
  dailyMax: null,
  daysOff: [],
};

/** The contractor, its availability, a lead per booking plus the homeowner's, and the bookings. */
async function seed(url) {
  const [ownerId] = await seedContractors(url, 1, { prefix: `slots-${Date.now()}`, plan: 'smart' });
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO calendar_settings (user_id, availability, updated_at) VALUES ($1, $2, now())`,
      [ownerId, JSON.stringify(AVAILABILITY)],
    );
    const leads = await client.query(
      `INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
         ownership, material, stories, roof_area, estimate_low, estimate_mid, estimate_high, score,
         source, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'Ana', 'Ruiz' || i, 'lead' || i || '@example.com',
         '5125550100', i || ' Oak St, Austin, TX 78701', '78701', 'owner', 'asphalt', 'one',
         1800, 6000, 8000, 10000, 60, 'widget', now()
       FROM generate_series(0, $2::int) AS i
       RETURNING id`,
      [ownerId, BOOKINGS],
    );
    const [homeowner, ...booked] = leads.rows.map((row) => row.id);
    // Spread over the horizon from two days on: every day's first hours filled in turn, 90 minutes
    // apart (an hour and its buffer), so no two overlap and every day has some left.
    const perDay = Math.ceil(BOOKINGS / (HORIZON_DAYS - 3));
    const start = new Date();
    start.setUTCHours(13, 0, 0, 0); // 7 or 8 am in Chicago
    start.setUTCDate(start.getUTCDate() + 2);
    for (let index = 0; index < booked.length; index++) {
      const day = Math.floor(index / perDay);
      const slot = index % perDay;
      const startsAt = new Date(start.getTime() + day * 86_400_000 + slot * 90 * 60_000);
      const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
      await client.query(
        `INSERT INTO bookings (id, owner_id, lead_id, starts_at, ends_at, blocked_until, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())`,
        [
          randomUUID(),
          ownerId,
          booked[index],
          startsAt,
          endsAt,
          new Date(endsAt.getTime() + 30 * 60_000),
        ],
      );
    }
    const busy = await client.query(
      `SELECT starts_at, blocked_until FROM bookings WHERE owner_id = $1 AND status = 'booked'`,
      [ownerId],
    );
    return { ownerId, homeowner, busy: busy.rows };
  } finally {
    await client.end();
  }
}

async function load(url, duration) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5, not p95: p97.5 is the honest upper bound.
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_slots');
  const { ownerId, homeowner, busy } = await seed(databaseUrl);
  const { BookingTokens } = await import(
    pathToFileURL(join(ROOT, 'backend', 'dist', 'core', 'links', 'booking-tokens.js')).href
  );
  const { availableSlots } = await import(
    pathToFileURL(join(ROOT, 'backend', 'dist', 'modules', 'calendar', 'slots.js')).href
  );
  const token = new BookingTokens(SECRET).book({ ownerId, leadId: homeowner });

  const api = await startApi(benchEnv(databaseUrl, { AUTH_SECRET: SECRET }));
  const offerUrl = `${api.base}/api/booking/offer?token=${encodeURIComponent(token)}`;
  const rows = [];
  try {
    const first = await (await fetch(offerUrl)).json();
    if (!Array.isArray(first.slots)) throw new Error(`the offer failed: ${JSON.stringify(first)}`);
    log(`${BOOKINGS} bookings, ${first.slots.length} open slots offered`);
    await load(offerUrl, 3);
    for (let run = 1; run <= RUNS; run++) {
      log(`run ${run}/${RUNS}: offer, anchor, computation`);
      const offer = await load(offerUrl, DURATION);
      const anchor = await load(`${api.base}/api/health/live`, DURATION);
      const times = [];
      const intervals = busy.map((row) => ({ start: row.starts_at, end: row.blocked_until }));
      const booked = busy.map((row) => ({ startsAt: row.starts_at }));
      for (let index = 0; index < ITERATIONS; index++) {
        const started = performance.now();
        // As the offer computes them: the first 14 days with open times.
        availableSlots({
          availability: AVAILABILITY,
          now: new Date(),
          busy: intervals,
          booked,
          maxDays: 14,
        });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push({
        run,
        offer,
        anchor,
        compute: { p50: percentile(times, 50), p95: percentile(times, 95) },
        slots: first.slots.length,
      });
    }
  } finally {
    await stop(api.child);
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const offerP95 = median(rows.map((row) => row.offer.p95));
  console.log(
    [
      `${BOOKINGS} future bookings, ${rows[0].slots} open slots over ${HORIZON_DAYS} days; ${CONNECTIONS} connections, ${DURATION} s per measurement; p95 is autocannon's p97.5 (it reports no p95), an upper bound.`,
      '',
      table(
        [
          'run',
          'offer req/s',
          'offer p50 (ms)',
          'offer p95 (ms)',
          'anchor /api/health/live p95 (ms)',
          'anchor req/s',
          'slots alone p50 / p95 (ms)',
          'non-2xx',
        ],
        rows.map((row) => [
          row.run,
          fixed(row.offer.rps, 0),
          fixed(row.offer.p50, 1),
          fixed(row.offer.p95, 1),
          fixed(row.anchor.p95, 1),
          fixed(row.anchor.rps, 0),
          `${fixed(row.compute.p50, 2)} / ${fixed(row.compute.p95, 2)}`,
          row.offer.non2xx + row.anchor.non2xx,
        ]),
      ),
      '',
      `Median offer p95: **${fixed(offerP95, 1)} ms** (budget ≤ 50 ms): ${offerP95 <= 50 ? 'met' : 'not met'}.`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
