-- AlterEnum: the homeowner's estimate e-mail and unsubscribing, in the lead's timeline, right
-- after 'marked_not_spam' as on a database migrated from scratch, also where later migrations
-- (follow-up entries) ran first and appended values of their own.
DO $$
DECLARE
  next_label TEXT;
  label TEXT;
BEGIN
  SELECT e.enumlabel INTO next_label
  FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
  WHERE t.typname = 'LeadEventType'
    AND e.enumsortorder > (
      SELECT m.enumsortorder FROM pg_enum m
      WHERE m.enumtypid = t.oid AND m.enumlabel = 'marked_not_spam')
  ORDER BY e.enumsortorder
  LIMIT 1;
  FOREACH label IN ARRAY ARRAY['estimate_emailed', 'estimate_email_suppressed', 'unsubscribed'] LOOP
    IF next_label IS NULL THEN
      EXECUTE format('ALTER TYPE "LeadEventType" ADD VALUE %L', label);
    ELSE
      EXECUTE format('ALTER TYPE "LeadEventType" ADD VALUE %L BEFORE %L', label, next_label);
    END IF;
  END LOOP;
END $$;

-- CreateTable: a contractor's follow-up settings; no row means the defaults (e-mail on).
CREATE TABLE "followup_settings" (
    "user_id" UUID NOT NULL,
    "estimate_email" BOOLEAN NOT NULL DEFAULT true,
    "phone" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "followup_settings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable: addresses that unsubscribed from one contractor's e-mails.
CREATE TABLE "email_suppressions" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "email" CITEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("id")
);

-- CreateTable: one row per follow-up message and lead, claimed before it is sent.
CREATE TABLE "followup_messages" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "claim" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "skipped_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "followup_messages_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "email_suppressions_owner_id_email_key" ON "email_suppressions"("owner_id", "email");
CREATE UNIQUE INDEX "followup_messages_lead_id_kind_key" ON "followup_messages"("lead_id", "kind");
CREATE INDEX "followup_messages_owner_id_created_at_idx" ON "followup_messages"("owner_id", "created_at");

ALTER TABLE "followup_settings" ADD CONSTRAINT "followup_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "followup_messages" ADD CONSTRAINT "followup_messages_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "followup_messages" ADD CONSTRAINT "followup_messages_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
