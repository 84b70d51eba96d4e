-- Lead search's trigram index takes new entries into a pending list that the inserting statement
-- merges into the index once the list is full. At the default 4 MB that merge comes about once a
-- second under a few thousand quote requests a second and holds one batch of them for 40-70 ms
-- (capture-lead's p99). A 1 MB list merges four times as often in a quarter of the time, and
-- searches scan a shorter list. Prisma's schema cannot express index storage parameters, so this
-- is SQL only (docs/performance.md).
ALTER INDEX "leads_search_trgm_idx" SET (gin_pending_list_limit = 1024);
