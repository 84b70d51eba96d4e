-- New leads update lead_daily_counts once per statement instead of once per row: one upsert per
-- contractor, day and status, in that order. Quote requests arriving together are inserted in
-- one statement (docs/decisions/0010); counted row by row, in the order they arrived, two such
-- statements for the same contractors took the counts' row locks in opposite orders and
-- deadlocked, and PostgreSQL aborted one after a second's wait. Sorted, the second waits for the
-- first instead. Updates and deletes stay counted row by row: PostgreSQL allows no transition
-- table on a trigger limited to some columns, and without that limit every update of a lead
-- (a notification claim, say) would pay for one.
CREATE OR REPLACE FUNCTION "lead_daily_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_daily_counts"
  SET "leads" = "leads" - 1, "mid_sum" = "mid_sum" - OLD."estimate_mid"
  WHERE "owner_id" = OLD."owner_id"
    AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date
    AND "status" = OLD."status";
  IF TG_OP = 'UPDATE' THEN
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

DROP TRIGGER "leads_daily_counts" ON "leads";

CREATE TRIGGER "leads_daily_counts"
AFTER DELETE OR UPDATE OF "owner_id", "created_at", "status", "estimate_mid" ON "leads"
FOR EACH ROW EXECUTE FUNCTION "lead_daily_counts_apply"();

CREATE FUNCTION "lead_daily_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_daily_counts" ("owner_id", "day", "status", "leads", "mid_sum")
  SELECT "owner_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*),
    sum("estimate_mid")
  FROM "new_leads"
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("owner_id", "day", "status") DO UPDATE
  SET "leads" = "lead_daily_counts"."leads" + EXCLUDED."leads",
      "mid_sum" = "lead_daily_counts"."mid_sum" + EXCLUDED."mid_sum";
  RETURN NULL;
END
$$;

CREATE TRIGGER "leads_daily_counts_insert"
AFTER INSERT ON "leads" REFERENCING NEW TABLE AS "new_leads"
FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_counts_insert"();
