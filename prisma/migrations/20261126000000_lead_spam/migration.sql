-- AlterEnum: timeline entries for a contractor flagging a lead as spam and taking it back.
ALTER TYPE "LeadEventType" ADD VALUE 'marked_spam';
ALTER TYPE "LeadEventType" ADD VALUE 'marked_not_spam';

-- AlterTable: when the contractor flagged the lead as spam; null for every other lead.
ALTER TABLE "leads" ADD COLUMN "spam_at" TIMESTAMPTZ(3);

-- Leads flagged as spam leave the dashboard's figures: the daily rollup counts only the others,
-- so flagging takes a lead out of its day and status, and 'Not spam' puts it back.
CREATE OR REPLACE FUNCTION "lead_daily_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

DROP TRIGGER "leads_daily_counts" ON "leads";

CREATE TRIGGER "leads_daily_counts"
AFTER DELETE OR UPDATE OF "owner_id", "created_at", "status", "estimate_mid", "spam_at" ON "leads"
FOR EACH ROW EXECUTE FUNCTION "lead_daily_counts_apply"();

CREATE OR REPLACE FUNCTION "lead_daily_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_daily_counts" ("owner_id", "day", "status", "leads", "mid_sum")
  SELECT "owner_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*),
    sum("estimate_mid")
  FROM "new_leads"
  WHERE "spam_at" IS NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("owner_id", "day", "status") DO UPDATE
  SET "leads" = "lead_daily_counts"."leads" + EXCLUDED."leads",
      "mid_sum" = "lead_daily_counts"."mid_sum" + EXCLUDED."mid_sum";
  RETURN NULL;
END
$$;
