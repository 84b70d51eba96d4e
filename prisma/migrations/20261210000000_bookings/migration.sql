-- Roof inspections (docs/calendar.md): each contractor's availability and calendar feed, and the
-- inspections homeowners book. PostgreSQL itself refuses two overlapping booked inspections of
-- one contractor (buffer included), however many homeowners tap the same time at once.
CREATE EXTENSION IF NOT EXISTS "btree_gist";

CREATE TYPE "BookingStatus" AS ENUM ('booked', 'cancelled');

ALTER TYPE "LeadEventType" ADD VALUE 'inspection_booked';
ALTER TYPE "LeadEventType" ADD VALUE 'inspection_rescheduled';
ALTER TYPE "LeadEventType" ADD VALUE 'inspection_cancelled';

CREATE TABLE "calendar_settings" (
    "user_id" UUID NOT NULL,
    "availability" JSONB NOT NULL,
    "feed_token" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "calendar_settings_pkey" PRIMARY KEY ("user_id")
);

CREATE UNIQUE INDEX "calendar_settings_feed_token_key" ON "calendar_settings"("feed_token");

CREATE TABLE "bookings" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3) NOT NULL,
    "status" "BookingStatus" NOT NULL DEFAULT 'booked',
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bookings_times_check" CHECK ("ends_at" > "starts_at" AND "blocked_until" >= "ends_at"),
    CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
        "owner_id" WITH =,
        tstzrange("starts_at", "blocked_until", '[)') WITH &&
    ) WHERE ("status" = 'booked')
);

CREATE INDEX "bookings_owner_id_starts_at_idx" ON "bookings"("owner_id", "starts_at");
CREATE INDEX "bookings_lead_id_idx" ON "bookings"("lead_id");
CREATE UNIQUE INDEX "bookings_one_per_lead_idx" ON "bookings"("lead_id") WHERE ("status" = 'booked');

ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
