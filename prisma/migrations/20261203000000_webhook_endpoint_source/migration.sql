-- Where a webhook endpoint was added: 'dashboard', 'api' (/api/v1/webhook-endpoints) or 'zapier'
-- (a REST hook subscription, /api/v1/hooks). Existing endpoints were all added in the dashboard.
ALTER TABLE "webhook_endpoints" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'dashboard';
