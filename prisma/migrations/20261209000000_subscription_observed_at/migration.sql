-- When the stored copy of the subscription was read from Stripe: a copy read earlier (a webhook's
-- re-read racing the contractor's own change) never replaces it.
ALTER TABLE "subscriptions" ADD COLUMN "observed_at" TIMESTAMPTZ(3);
