-- Advanced analytics (docs/analytics.md, domain/src/analytics.ts): the estimator's funnel as the
-- widget, the embed and the share page report it, and the daily figures the Analytics tab reads.

-- One row per step a visit reached; a step reported again lands on the same key and is ignored.
-- Monthly partitions by the visit's time (the UUIDv7's), so retention drops a whole month at once
-- and the rollup reads only the months a window can touch. The worker keeps partitions made two
-- months ahead (AnalyticsMaintenanceJob); these are the first. No personal data: no IP address,
-- no user agent. No foreign key to users, so an insert checks nothing but its own key (the api
-- checks the owner against a cache); the rows leave with their partition.
CREATE TABLE "analytics_events" (
    "visit_at" TIMESTAMPTZ(3) NOT NULL,
    "visit_id" UUID NOT NULL,
    "step" SMALLINT NOT NULL,
    "owner_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,
    "origin" TEXT,
    "utm_source" TEXT,
    "utm_medium" TEXT,
    "utm_campaign" TEXT,
    "utm_term" TEXT,
    "utm_content" TEXT,
    "device" TEXT NOT NULL,

    CONSTRAINT "analytics_events_pkey" PRIMARY KEY ("visit_at","visit_id","step")
) PARTITION BY RANGE ("visit_at");

-- The rollup finds what arrived since its watermark, then recounts those owners' days.
CREATE INDEX "analytics_events_received_at_idx" ON "analytics_events"("received_at");
CREATE INDEX "analytics_events_owner_id_visit_at_idx" ON "analytics_events"("owner_id", "visit_at");

CREATE TABLE "analytics_events_p2026_11" PARTITION OF "analytics_events"
    FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00');
CREATE TABLE "analytics_events_p2026_12" PARTITION OF "analytics_events"
    FOR VALUES FROM ('2026-12-01 00:00:00+00') TO ('2027-01-01 00:00:00+00');
CREATE TABLE "analytics_events_p2027_01" PARTITION OF "analytics_events"
    FOR VALUES FROM ('2027-01-01 00:00:00+00') TO ('2027-02-01 00:00:00+00');

-- The rollup the Analytics tab reads, in two narrow tables rather than one keyed by every
-- dimension's cross product (which grew to about a thousand rows a day for a busy contractor).
-- Days are in the owner's time zone (the business profile's, else UTC).

-- Distinct visits that reached each step, per owner and day: at most ten rows a day. The funnel
-- totals, the previous period and the daily series read only this. The primary key carries
-- visits (INCLUDE), so a range of one owner's days is read from the index alone.
CREATE TABLE "analytics_daily_funnel" (
    "owner_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "step" SMALLINT NOT NULL,
    "visits" INTEGER NOT NULL,

    CONSTRAINT "analytics_daily_funnel_pkey" PRIMARY KEY ("owner_id","day","step") INCLUDE ("visits")
);

-- Distinct visits that reached the steps the breakdowns show (views 0, starts 1, estimates 7,
-- quotes 8, booked 9), per owner, day and value of one dimension: `source` (with `origin`, the
-- host site, for the embed; '' otherwise), `campaign` (utm_campaign, '' for none) or `device`.
-- One wide row per day and value: a few dozen a day. The primary key leads with
-- (owner_id, dimension, day), so each breakdown is one index range scan, and carries the
-- counts (INCLUDE): index-only.
CREATE TABLE "analytics_daily_breakdown" (
    "owner_id" UUID NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "origin" TEXT NOT NULL DEFAULT '',
    "views" INTEGER NOT NULL,
    "starts" INTEGER NOT NULL,
    "estimates" INTEGER NOT NULL,
    "quotes" INTEGER NOT NULL,
    "booked" INTEGER NOT NULL,

    CONSTRAINT "analytics_daily_breakdown_pkey" PRIMARY KEY ("owner_id","dimension","day","key","origin") INCLUDE ("views","starts","estimates","quotes","booked"),
    CONSTRAINT "analytics_daily_breakdown_dimension_check" CHECK ("dimension" IN ('source', 'campaign', 'device'))
);

-- The rollup's one row: events received up to `watermark` are counted; `rolled_up_at` is the
-- Analytics tab's 'updated'. A worker holds the row (FOR UPDATE SKIP LOCKED) while it rolls up.
CREATE TABLE "analytics_rollup_state" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "watermark" TIMESTAMPTZ(3) NOT NULL,
    "rolled_up_at" TIMESTAMPTZ(3),

    CONSTRAINT "analytics_rollup_state_pkey" PRIMARY KEY ("id")
);

INSERT INTO "analytics_rollup_state" ("id", "watermark") VALUES (1, '1970-01-01 00:00:00+00');
