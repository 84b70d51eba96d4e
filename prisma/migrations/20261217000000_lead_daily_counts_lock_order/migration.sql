-- A status change moves its lead from one row of the daily rollup to another: one count down,
-- one up. The trigger took the old row, then the new one, so two leads of one contractor and day
-- changing status in opposite directions at once (new → contacted beside contacted → new: a CRM
-- syncing statuses in parallel, a booking beside the contractor's own change) could each hold one
-- row and wait for the other's: a deadlock, which PostgreSQL breaks after a second by failing one
-- of the two changes. Both rows are now locked first, in key order, the order the insert trigger
-- also takes them in (20261125010000_lead_daily_counts_per_statement), so the second change waits
-- for the first instead. A row that does not exist yet is taken by the insert below, as before.
CREATE OR REPLACE FUNCTION "lead_daily_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."spam_at" IS NULL AND NEW."spam_at" IS NULL
    AND (OLD."owner_id", OLD."created_at" AT TIME ZONE 'UTC', OLD."status")
      IS DISTINCT FROM (NEW."owner_id", NEW."created_at" AT TIME ZONE 'UTC', NEW."status") THEN
    PERFORM 1 FROM "lead_daily_counts"
    WHERE ("owner_id", "day", "status") IN (
      (OLD."owner_id", (OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."status"),
      (NEW."owner_id", (NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status"))
    ORDER BY "owner_id", "day", "status"
    FOR UPDATE;
  END IF;
  IF OLD."spam_at" IS NULL THEN
    UPDATE "lead_daily_counts"
    SET "leads" = "leads" - 1, "mid_sum" = "mid_sum" - OLD."estimate_mid"
    WHERE "owner_id" = OLD."owner_id"
      AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date
      AND "status" = OLD."status";
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."spam_at" IS NULL THEN
    INSERT INTO "lead_daily_counts" ("owner_id", "day", "status", "leads", "mid_sum")
    VALUES (NEW."owner_id", (NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status", 1,
      NEW."estimate_mid")
    ON CONFLICT ("owner_id", "day", "status") DO UPDATE
    SET "leads" = "lead_daily_counts"."leads" + 1,
        "mid_sum" = "lead_daily_counts"."mid_sum" + EXCLUDED."mid_sum";
  END IF;
  RETURN NULL;
END
$$;
