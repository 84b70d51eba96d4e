-- The month's count under a plan's allowance (COUNTED in
-- backend/src/modules/leads/owner-leads.repository.ts) adds the earlier leads unlocked this month:
-- lead_events of type 'unlocked' since the month's start. Through (owner_id, created_at DESC) it
-- read every event of the contractor's month (a 'created' one for every lead, locked ones too) and
-- filtered them by type, under the contractor's lock, for every batch of quote requests: a
-- contractor flooded past its allowance made each batch slower than the last (21,781 events
-- read to find none after 10 s of bench/capture.mjs, 2.5 ms). Unlocks are rare; this partial
-- index holds them alone. Prisma's schema cannot describe a partial index: SQL only, checked by
-- schema-drift.e2e-spec.ts.
CREATE INDEX "lead_events_unlocked_by_owner_idx" ON "lead_events" ("owner_id", "created_at")
  WHERE "type" = 'unlocked';
