#!/usr/bin/env node
/**
 * Realtime delivery at scale: --sockets (default 1,000) signed-in dashboard sockets spread over two
 * api instances (Socket.IO with the Redis adapter), --owners contractors (default 100) with the
 * same number of sockets each. Quote requests go alternately to either instance at --rate per
 * second; for each, the time from the capture-lead response to the `lead:created` event (or the
 * `leads:created` event carrying it, for leads stored together) on every one of that contractor's
 * sockets: p50 / p99 / max.
 *
 *   npm run build && node bench/realtime.mjs [--sockets=1000 --owners=100 --leads=300 --rate=20]
 */
import { join } from 'node:path';
import { io } from 'socket.io-client';
import {
  ROOT,
  backendRequire,
  benchEnv,
  captureLeadBody,
  issueFormTokens,
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

const { hashPassword } = backendRequire(
  join(ROOT, 'backend', 'dist', 'modules', 'auth', 'passwords.js'),
);

const SOCKETS = option('sockets', 1000);
const OWNERS = option('owners', 100);
const LEADS = option('leads', 300);
const RATE = option('rate', 20);
const PASSWORD = 'bench-password-9';

async function signIn(base, email) {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in: HTTP ${response.status}`);
  return (await response.json()).accessToken;
}

function connect(base, token, onCreated) {
  return new Promise((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], auth: { token }, reconnection: false });
    socket.on('lead:created', ({ lead }) => onCreated(lead.id, performance.now()));
    socket.on('leads:created', ({ leads }) => {
      const at = performance.now();
      for (const lead of leads) onCreated(lead.id, at);
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main() {
  const databaseUrl = await prepareDatabase('rafter_bench_realtime');
  const passwordHash = await hashPassword(PASSWORD);
  const prefix = 'realtime-bench';
  const owners = (await seedContractors(databaseUrl, OWNERS, { prefix, passwordHash })).map(
    (id, index) => ({ id, email: `${prefix}-${index}@roofers.test` }),
  );
  const env = benchEnv(databaseUrl, { AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') });
  const apis = [await startApi(env), await startApi(env)];
  const sockets = [];
  try {
    /** lead id → arrival times on its owner's sockets. */
    const arrivals = new Map();
    const onCreated = (leadId, at) => {
      const list = arrivals.get(leadId) ?? [];
      list.push(at);
      arrivals.set(leadId, list);
    };
    const perOwner = Math.max(1, Math.floor(SOCKETS / OWNERS));
    log(`connecting ${perOwner * OWNERS} sockets over 2 api instances`);
    for (const [index, owner] of owners.entries()) {
      const token = await signIn(apis[index % 2].base, owner.email);
      for (let s = 0; s < perOwner; s++) {
        sockets.push(await connect(apis[(index + s) % 2].base, token, onCreated));
      }
    }

    // Both instances share AUTH_SECRET, so a token one issued passes on the other. A quote
    // request must come 3 s after its token, as a person's would.
    const { pools } = await issueFormTokens(
      apis[0].base,
      owners.map((owner) => owner.id),
      LEADS,
    );
    await new Promise((resolve) => setTimeout(resolve, 3500));
    log(`sending ${LEADS} quote requests at ${RATE}/s`);
    const responses = [];
    const sent = [];
    for (let n = 0; n < LEADS; n++) {
      const owner = owners[n % owners.length];
      const api = apis[n % 2];
      sent.push(
        fetch(`${api.base}/api/capture-lead`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            captureLeadBody(owner.id, n, {
              firstName: 'Rae',
              formToken: pools.get(owner.id).pop(),
            }),
          ),
        }).then(async (response) => {
          const answeredAt = performance.now();
          if (response.status !== 201) throw new Error(`capture-lead: HTTP ${response.status}`);
          responses.push({ id: (await response.json()).id, answeredAt });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / RATE));
    }
    await Promise.all(sent);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const delays = [];
    let missing = 0;
    for (const { id, answeredAt } of responses) {
      const times = arrivals.get(id) ?? [];
      missing += perOwner - times.length;
      // An event may beat the HTTP answer to the client; that counts as no delay.
      for (const at of times) delays.push(Math.max(0, at - answeredAt));
    }
    delays.sort((a, b) => a - b);
    console.log(
      [
        `${sockets.length} sockets (${perOwner} per contractor, ${OWNERS} contractors) over 2 api instances; ` +
          `${LEADS} quote requests at ${RATE}/s alternating between the instances.`,
        '',
        table(
          ['deliveries', 'missing', 'p50 (ms)', 'p99 (ms)', 'max (ms)'],
          [
            [
              delays.length,
              missing,
              fixed(percentile(delays, 50)),
              fixed(percentile(delays, 99)),
              fixed(delays.at(-1)),
            ],
          ],
        ),
        '',
        `Budget: p99 ≤ 250 ms after the capture response.`,
      ].join('\n'),
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(apis.map((api) => stop(api.child)));
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
