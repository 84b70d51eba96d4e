/**
 * The raw baseline for the capture-lead benchmark: Fastify and a `pg` pool of the api's size (10),
 * inserting the same lead row into the same PostgreSQL with the same durability (one committed
 * INSERT, synchronous_commit as the server has it). No validation, pricing, outbox or limits:
 * what the product does on top of this is what the comparison measures.
 *
 *   DATABASE_URL=… PORT=… node bench/baseline-server.mjs
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, backendRequire } from './lib.mjs';

const require = createRequire(join(ROOT, 'package.json'));
const Fastify = require('fastify');
const { Pool } = backendRequire('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const INSERT = `
  INSERT INTO leads (id, owner_id, first_name, last_name, email, phone, address, zip_code,
    latitude, longitude, ownership, is_homeowner, material, stories, roof_area, estimate_low,
    estimate_mid, estimate_high, score, status, source, updated_at)
  VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
    $16, $17, 50, 'new', 'widget', now())
  RETURNING id`;

app.post('/capture-lead', async (request, reply) => {
  const { ownerId, lead } = request.body;
  const { rows } = await pool.query(INSERT, [
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
  ]);
  reply.code(201);
  return { id: rows[0].id };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
