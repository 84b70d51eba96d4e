-- CreateEnum
CREATE TYPE "RoofMeasurementSource" AS ENUM ('solar', 'simulation');

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "notified_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "roof_measurements" (
    "id" UUID NOT NULL,
    "address_key" TEXT NOT NULL,
    "zip_code" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "area_sq_ft" INTEGER NOT NULL,
    "source" "RoofMeasurementSource" NOT NULL,
    "pitch_degrees" DOUBLE PRECISION,
    "imagery_quality" TEXT,
    "imagery_date" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "roof_measurements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "roof_measurements_address_key_key" ON "roof_measurements"("address_key");
