-- Roof measurements were cached by the address text with coordinates the visitor chose, so
-- whoever measured an address first set its roof area for every contractor, for good. They are
-- now kept by the rounded position the Solar API was asked about, and expire. The rows cached
-- so far cannot be trusted (any of them may have been measured somewhere else than its address
-- says): they are dropped, and each roof is measured again when next asked for.
DELETE FROM "roof_measurements";

DROP INDEX "roof_measurements_address_key_key";

ALTER TABLE "roof_measurements" DROP COLUMN "address_key",
ADD COLUMN     "location_key" TEXT NOT NULL,
ADD COLUMN     "measured_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ALTER COLUMN "latitude" SET NOT NULL,
ALTER COLUMN "longitude" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "roof_measurements_location_key_key" ON "roof_measurements"("location_key");
