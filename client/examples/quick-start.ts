// The typed client's quick start (docs/api.md, 'Typed client'). Typechecked by `npm run typecheck`;
// run it against your account with:
//   RAFTER=https://YOUR-RAFTER-HOST RAFTER_KEY=rft_live_... npx tsx client/examples/quick-start.ts
import { createRafterClient, idempotencyKey, type Problem } from '@rafter/client';

const rafter = createRafterClient({
  baseUrl: process.env.RAFTER ?? 'https://rafter.app',
  apiKey: process.env.RAFTER_KEY ?? '',
});

function fail(problem: Problem): never {
  throw new Error(`${problem.status} ${problem.title}: ${problem.detail}`);
}

async function main(): Promise<void> {
  // Who am I: the account, the key's scopes, the plan and this month's usage.
  const account = await rafter.GET('/api/v1/account');
  if (account.error) fail(account.error);
  console.log(`${account.data.email} on ${account.data.plan.name ?? 'no plan'}`);

  // New leads, best first; `nextCursor` is the next page (null on the last one).
  const page = await rafter.GET('/api/v1/leads', {
    params: { query: { status: 'new', sort: 'score', limit: 10 } },
  });
  if (page.error) fail(page.error);
  for (const lead of page.data.items) console.log(lead.score, lead.name, lead.phone);

  const first = page.data.items[0];
  if (!first) return;
  // Writes need `leads:write`; an Idempotency-Key makes a retry safe.
  const moved = await rafter.PATCH('/api/v1/leads/{id}/status', {
    params: { path: { id: first.id }, header: idempotencyKey() },
    body: { status: 'contacted' },
  });
  if (moved.error) fail(moved.error);
  const note = await rafter.POST('/api/v1/leads/{id}/notes', {
    params: { path: { id: first.id }, header: idempotencyKey() },
    body: { body: 'Called back, inspection Friday 9am' },
  });
  if (note.error) fail(note.error);
  console.log(`${first.name}: ${moved.data.status}, note added`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
