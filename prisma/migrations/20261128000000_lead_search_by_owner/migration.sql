-- The lead search's trigram index starts with the contractor (owner_id, through btree_gin), so a
-- search reads one contractor's matches in one index scan. The CRM's counts during a search
-- (GET /api/leads/counts?q=) had to count every match of a common term: the old index gave all
-- contractors' matches ('maria': 110,000 of 1.1 million leads), a second bitmap gave the
-- contractor's 100,000 leads, and the two were ANDed before the 10,000 rows were read; building
-- the two bitmaps was most of the query. A rare term (one e-mail address) gains the same way.
-- Same name, same expression word for word (LEAD_SEARCH_TEXT in
-- backend/src/modules/leads/leads.repository.ts), same 1 MB pending list
-- (20261125000000_lead_search_pending_list); docs/decisions/0025-lead-search-index-by-owner.md.
CREATE EXTENSION IF NOT EXISTS "btree_gin";

DROP INDEX "leads_search_trgm_idx";

CREATE INDEX "leads_search_trgm_idx" ON "leads" USING GIN (
  "owner_id",
  ("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "address") gin_trgm_ops
) WITH (gin_pending_list_limit = 1024);
