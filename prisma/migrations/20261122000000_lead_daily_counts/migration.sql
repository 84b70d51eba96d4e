-- CreateTable
CREATE TABLE "lead_daily_counts" (
    "owner_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "status" "LeadStatus" NOT NULL,
    "leads" INTEGER NOT NULL DEFAULT 0,
    "mid_sum" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "lead_daily_counts_pkey" PRIMARY KEY ("owner_id","day","status")
);

-- AddForeignKey
ALTER TABLE "lead_daily_counts" ADD CONSTRAINT "lead_daily_counts_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept in step with leads by the database, in the same transaction as each change to a lead.
CREATE FUNCTION "lead_daily_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "lead_daily_counts"
    SET "leads" = "leads" - 1, "mid_sum" = "mid_sum" - OLD."estimate_mid"
    WHERE "owner_id" = OLD."owner_id"
      AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date
      AND "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
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

CREATE TRIGGER "leads_daily_counts"
AFTER INSERT OR DELETE OR UPDATE OF "owner_id", "created_at", "status", "estimate_mid" ON "leads"
FOR EACH ROW EXECUTE FUNCTION "lead_daily_counts_apply"();

-- The leads already stored.
INSERT INTO "lead_daily_counts" ("owner_id", "day", "status", "leads", "mid_sum")
SELECT "owner_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*), sum("estimate_mid")
FROM "leads"
GROUP BY 1, 2, 3;
