-- The month's count of a contractor whose plan has an allowance (COUNTED in
-- backend/src/modules/leads/owner-leads.repository.ts), taken under the contractor's lock for
-- every batch of quote requests: visible leads (not locked, not flagged as spam) since the month's
-- start. Through (owner_id, created_at DESC, id DESC) it read every lead of the month, the locked
-- ones too, so a contractor flooded past the allowance made each request slower than the last
-- (bench/capture.mjs: 1,675 req/s over 10 s, 458-528 over 20 s). This partial index holds
-- visible leads only, at most about the allowance a month, so the count reads that many. Prisma's
-- schema cannot describe a partial index: SQL only, checked by schema-drift.e2e-spec.ts.
CREATE INDEX "leads_visible_by_owner_idx" ON "leads" ("owner_id", "created_at")
  WHERE "spam_at" IS NULL AND NOT "locked";
