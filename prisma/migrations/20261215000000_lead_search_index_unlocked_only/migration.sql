-- The lead search's trigram index holds unlocked leads only. A search never matches a locked lead
-- (the query adds NOT locked: its contractor may not see its name, e-mail or address), yet every
-- locked lead paid for its trigrams on insert: about 45 microseconds of PostgreSQL's time a lead,
-- most of what storing one costs, and a contractor flooded past its plan's allowance stores
-- nearly all its leads locked. An unlocked lead enters the index when it is unlocked.
--
-- The index was full (20261125120000_lead_search_full_name_unlocked) because PostgreSQL keeps
-- statistics on an index's expression only for a full index: without them the planner takes a
-- common term ('oak st') for a rare one and reads every match through this index instead of the
-- contractor's leads in sort order. The expression's statistics now come from a statistics
-- object of their own (PostgreSQL 14+), which ANALYZE fills from the whole table.
-- Same name, same columns and expression word for word (LEAD_SEARCH_TEXT in
-- backend/src/modules/leads/leads.repository.ts), same 1 MB pending list
-- (20261125000000_lead_search_pending_list); docs/decisions/0025-lead-search-index-by-owner.md.
CREATE STATISTICS "leads_search_text_stats" ON (
  ("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "address")
) FROM "leads";

DROP INDEX "leads_search_trgm_idx";

CREATE INDEX "leads_search_trgm_idx" ON "leads" USING GIN (
  "owner_id",
  ("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "address") gin_trgm_ops
) WITH (gin_pending_list_limit = 1024) WHERE NOT "locked";

-- Fills the new statistics at once where there are leads. Not on an empty table (a new
-- database): that records it as analyzed and empty, and plans made while it looked empty kept
-- reading more as it grew (bench/capture-cpu.mjs fell from 2,000 to 400 quote requests a second
-- within 30 s, PostgreSQL's CPU per request from 220 to 2,000 microseconds).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "leads") THEN
    ANALYZE "leads";
  END IF;
END
$$;
