-- Text messages (docs/texts.md): consent on the lead, the messages, per-contractor opt-outs and
-- the contractor's speed-to-lead settings.
ALTER TYPE "LeadEventType" ADD VALUE 'texts_stopped';
ALTER TYPE "LeadEventType" ADD VALUE 'texts_resumed';

ALTER TABLE "leads" ADD COLUMN "text_consent_at" TIMESTAMPTZ(3),
ADD COLUMN "text_consent_ip" TEXT,
ADD COLUMN "text_consent_wording" TEXT;

CREATE TABLE "text_messages" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "lead_id" UUID,
    "audience" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "to_phone" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "send_claim" TEXT,
    "provider_id" TEXT,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "text_messages_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "text_suppressions" (
    "owner_id" UUID NOT NULL,
    "phone" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "text_suppressions_pkey" PRIMARY KEY ("owner_id","phone")
);

CREATE TABLE "text_settings" (
    "user_id" UUID NOT NULL,
    "mobile_phone" TEXT,
    "text_new_leads" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "text_settings_pkey" PRIMARY KEY ("user_id")
);

CREATE UNIQUE INDEX "text_messages_idempotency_key_key" ON "text_messages"("idempotency_key");
CREATE INDEX "text_messages_to_phone_created_at_idx" ON "text_messages"("to_phone", "created_at" DESC);
CREATE INDEX "text_messages_lead_id_created_at_idx" ON "text_messages"("lead_id", "created_at");

ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "text_suppressions" ADD CONSTRAINT "text_suppressions_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "text_settings" ADD CONSTRAINT "text_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
