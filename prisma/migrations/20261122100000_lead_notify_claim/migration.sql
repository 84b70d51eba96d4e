-- AlterTable: which notification job is sending the lead's new-lead e-mail (see
-- NotificationsRepository); notified_at is now set once the mail server accepted it.
ALTER TABLE "leads" ADD COLUMN "notify_claim" TEXT;
