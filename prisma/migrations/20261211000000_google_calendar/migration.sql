-- Google Calendar sync (docs/calendar.md): a contractor's connected calendar, its busy times as
-- last read, and the last sync error shown in the Calendar tab.
CREATE TABLE "google_calendar_connections" (
    "user_id" UUID NOT NULL,
    "account_email" TEXT NOT NULL,
    "calendar_id" TEXT NOT NULL DEFAULT 'primary',
    "refresh_token" TEXT NOT NULL,
    "busy" JSONB NOT NULL DEFAULT '[]',
    "busy_fetched_at" TIMESTAMPTZ(3),
    "sync_error" TEXT,
    "sync_error_at" TIMESTAMPTZ(3),
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "google_calendar_connections_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "google_calendar_connections" ADD CONSTRAINT "google_calendar_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
