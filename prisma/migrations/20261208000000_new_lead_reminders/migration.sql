-- The contractor's reminder when a lead stays New (minutes of business hours; 0 is off).
ALTER TABLE "business_profiles" ADD COLUMN "new_lead_reminder_minutes" INTEGER NOT NULL DEFAULT 60;

-- The reminder's entry in the lead's timeline.
ALTER TYPE "LeadEventType" ADD VALUE 'reminder_sent';
