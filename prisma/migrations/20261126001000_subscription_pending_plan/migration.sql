-- A plan change waiting for the renewal (a downgrade), mirrored from the Stripe subscription
-- schedule that makes it: the plan the next phase moves to, and when (docs/decisions).
ALTER TABLE "subscriptions" ADD COLUMN "pending_plan" "SubscriptionPlan",
ADD COLUMN "pending_plan_at" TIMESTAMPTZ(3);
