-- The Analytics tab's leads and pipeline value (leadTrendsSql in
-- backend/src/modules/leads/leads.repository.ts): per day of up to two years (a range and the
-- period before), every lead of the owner not flagged as spam, with its status, estimate average
-- and sold price. Through (owner_id, created_at DESC, id DESC), or the planner's pick of the
-- search index on owner_id, it read the heap for each lead: for an owner with 100,000 leads over
-- two years, a year (51,000 leads) took 113 ms, both years 219 ms (a bitmap heap scan). This
-- partial covering index answers it with an index-only range scan: 63 ms; grouped by the date
-- in the zone rather than by its text, 29 ms, both years 49 ms (lead-trends-explain.e2e-spec.ts
-- checks the plan). Prisma's schema cannot describe a partial
-- index: SQL only, checked by schema-drift.e2e-spec.ts.
CREATE INDEX "leads_trends_by_owner_idx" ON "leads" ("owner_id", "created_at")
  INCLUDE ("status", "estimate_mid", "sold_price")
  WHERE "spam_at" IS NULL;
