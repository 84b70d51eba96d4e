-- Follow-up sequences (docs/followups.md): each contractor's steps, and each lead's steps done.
CREATE TYPE "FollowUpOutcome" AS ENUM ('sent', 'skipped', 'stopped');

ALTER TYPE "LeadEventType" ADD VALUE 'follow_up_sent';
ALTER TYPE "LeadEventType" ADD VALUE 'follow_up_skipped';
ALTER TYPE "LeadEventType" ADD VALUE 'follow_ups_stopped';

ALTER TABLE "lead_events" ADD COLUMN "detail" TEXT;

CREATE TABLE "follow_up_sequences" (
    "user_id" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "steps" JSONB NOT NULL,
    "stop_statuses" "LeadStatus"[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "follow_up_sequences_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "lead_follow_ups" (
    "id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "step" INTEGER NOT NULL,
    "outcome" "FollowUpOutcome",
    "claim" TEXT,
    "reason" TEXT,
    "message_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_follow_ups_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "lead_follow_ups_lead_id_step_key" ON "lead_follow_ups"("lead_id", "step");

ALTER TABLE "follow_up_sequences" ADD CONSTRAINT "follow_up_sequences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "lead_follow_ups" ADD CONSTRAINT "lead_follow_ups_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
