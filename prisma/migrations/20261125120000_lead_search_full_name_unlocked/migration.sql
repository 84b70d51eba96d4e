-- Lead search (GET /api/leads?q=, its counts and the export) matches the name as the CRM shows it
-- ('Maria Lopez'), the e-mail and the address as one text, and never a locked lead: the contractor
-- may not see a locked lead's contact details, and a search that matched them would spell them out
-- one character at a time (the query adds NOT locked). The index holds exactly that text; the
-- query repeats the expression word for word so the planner can use it (LEAD_SEARCH_TEXT in
-- backend/src/modules/leads/leads.repository.ts). It is deliberately not partial (WHERE NOT
-- locked): PostgreSQL keeps statistics on an index's expression only for a full index, and
-- without them it takes a common term ('cedar st') for a rare one and reads every contractor's
-- matches through this index instead of one contractor's leads in sort order (seconds instead of
-- milliseconds at 1.1 million leads). Prisma's schema cannot describe an index on an expression,
-- so this one lives here alone and backend/test/schema-drift.e2e-spec.ts checks it. The pending
-- list stays at 1 MB (20261125000000_lead_search_pending_list).
DROP INDEX "leads_search_trgm_idx";

CREATE INDEX "leads_search_trgm_idx" ON "leads" USING GIN (
  ("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "address") gin_trgm_ops
) WITH (gin_pending_list_limit = 1024);
