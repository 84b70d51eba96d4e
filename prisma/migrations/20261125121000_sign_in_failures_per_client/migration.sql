-- Wrong-password backoff per account and client (issue 19): the account-wide counter let a
-- stranger keep the owner out. Counts start afresh; the old ones were at most a few minutes' wait.
ALTER TABLE "users" DROP COLUMN "failed_sign_in_count",
DROP COLUMN "last_failed_sign_in_at";

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "user_id" UUID NOT NULL,
    "client" TEXT NOT NULL,
    "failed_count" INTEGER NOT NULL,
    "last_failed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("user_id","client")
);

-- CreateIndex
CREATE INDEX "sign_in_failures_last_failed_at_idx" ON "sign_in_failures"("last_failed_at");

-- AddForeignKey
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
