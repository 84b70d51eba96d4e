/**
 * The raw baselines for the capture-lead benchmark: Fastify and a `pg` pool of the api's size (10),
 * inserting the same lead row into the same PostgreSQL with the same durability (committed
 * INSERTs, synchronous_commit as the server has it). No validation, pricing, outbox or limits:
 * what the product does on top of this is what the comparison measures.
 *
 * - naive (default): one INSERT per request;
 * - BATCHED=1: the requests arriving in the same turn of the event loop share one multi-row
 *   INSERT (up to 100), each answered after that statement committed: the group commit the
 *   product uses (docs/decisions/0010), without anything else.
 *
 *   DATABASE_URL=… PORT=… [BATCHED=1] node bench/baseline-server.mjs
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, backendRequire } from './lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const Fastify = require('fastify');
const { Pool } = backendRequire('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const BATCHED = process.env.BATCHED === '1';
const MAX_BATCH = 100;

const INSERT = `
  INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
    latitude, longitude, ownership, is_homeowner, material, stories, roof_area, estimate_low,
    estimate_mid, estimate_high, score, status, source, updated_at)
  VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
    $16, $17, 50, 'new', 'widget', now())
  RETURNING id`;

const INSERT_MANY = `
  INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
    latitude, longitude, ownership, is_homeowner, material, stories, roof_area, estimate_low,
    estimate_mid, estimate_high, score, status, source, updated_at)
  SELECT gen_random_uuid(), owner_id, first_name, last_name, email, phone, address, zip_code,
    latitude, longitude, ownership::"Ownership", is_homeowner, material::"Material",
    stories::"Stories", roof_area, estimate_low, estimate_mid, estimate_high, 50, 'new', 'widget',
    now()
  FROM jsonb_to_recordset($1::jsonb) AS x(owner_id uuid, first_name text,
    last_name text, email text, phone text, address text, zip_code text, latitude float8,
    longitude float8, ownership text, is_homeowner boolean, material text, stories text,
    roof_area int, estimate_low int, estimate_mid int, estimate_high int, ord int)
  ORDER BY ord
  RETURNING id`;

/** The columns `row` fills, in its order: the batched insert's record fields. */
const COLUMNS = [
  'owner_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'zip_code',
  'latitude',
  'longitude',
  'ownership',
  'is_homeowner',
  'material',
  'stories',
  'roof_area',
  'estimate_low',
  'estimate_mid',
  'estimate_high',
];

function row(ownerId, lead) {
  return [
    ownerId,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone,
    lead.address,
    lead.zipCode,
    lead.latitude,
    lead.longitude,
    lead.ownership,
    lead.ownership === 'owner',
    lead.material,
    lead.stories,
    lead.roofArea,
    lead.estimateLow,
    lead.estimateMid,
    lead.estimateHigh,
  ];
}

/** Requests waiting for the next statement, answered when it commits. */
let waiting = [];

function flush() {
  const batch = waiting.splice(0, MAX_BATCH);
  if (waiting.length > 0) setImmediate(flush);
  const records = batch.map(({ values }, ord) => ({
    ...Object.fromEntries(COLUMNS.map((column, index) => [column, values[index]])),
    ord,
  }));
  pool.query(INSERT_MANY, [JSON.stringify(records)]).then(
    ({ rows }) => batch.forEach((item, index) => item.resolve(rows[index].id)),
    (error) => batch.forEach((item) => item.reject(error)),
  );
}

function insertTogether(values) {
  return new Promise((resolve, reject) => {
    waiting.push({ values, resolve, reject });
    if (waiting.length === 1) setImmediate(flush);
  });
}

app.post('/capture-lead', async (request, reply) => {
  const { ownerId, lead } = request.body;
  const values = row(ownerId, lead);
  const id = BATCHED ? await insertTogether(values) : (await pool.query(INSERT, values)).rows[0].id;
  reply.code(201);
  return { id };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
