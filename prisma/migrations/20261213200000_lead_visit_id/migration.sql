-- The estimator's anonymous analytics visit that asked for the quote (docs/analytics.md): the
-- Analytics tab counts won jobs per source and campaign through it. Nullable, no default: adding
-- it rewrites nothing.
ALTER TABLE "leads" ADD COLUMN "visit_id" UUID;
