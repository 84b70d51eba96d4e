-- Estimate accuracy (issue 25): what a Converted lead sold for, in whole US dollars like its
-- estimate columns, and its timeline entry. Null: not entered (the question is optional). The
-- bounds are domain/src/sold-price.ts's (SOLD_PRICE_MAX: the largest estimate the calculator
-- can make), so a bad row cannot skew the medians whatever wrote it. The accuracy query reads
-- the owner's Converted leads through leads_owner_id_status_created_at_id_idx.
ALTER TABLE "leads" ADD COLUMN "sold_price" INTEGER;

ALTER TABLE "leads" ADD CONSTRAINT "leads_sold_price_check"
    CHECK ("sold_price" IS NULL OR ("sold_price" > 0 AND "sold_price" <= 2000000));

ALTER TYPE "LeadEventType" ADD VALUE 'sold_price_set';
