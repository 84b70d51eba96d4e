-- Breakdowns by roof material and ZIP code (docs/analytics.md). A report carries, once known, the
-- material the visitor chose (domain/src/materials.ts' ids) and the 5-digit ZIP code of the
-- measured address, never the street. Nullable, no default: on the partitioned table each
-- partition gains the columns without a rewrite, and the rows stored before have neither.
ALTER TABLE "analytics_events" ADD COLUMN "material" TEXT;
ALTER TABLE "analytics_events" ADD COLUMN "zip_code" TEXT;

-- The rollup gains the two dimensions: `material` (key: the material id) and `zip` (key: the
-- ZIP code). Each visit counts under its own material and ZIP code with all of its steps; visits
-- without one (no material chosen, no address measured yet) are left out of that breakdown.
ALTER TABLE "analytics_daily_breakdown" DROP CONSTRAINT "analytics_daily_breakdown_dimension_check";
ALTER TABLE "analytics_daily_breakdown" ADD CONSTRAINT "analytics_daily_breakdown_dimension_check"
    CHECK ("dimension" IN ('source', 'campaign', 'device', 'material', 'zip'));
