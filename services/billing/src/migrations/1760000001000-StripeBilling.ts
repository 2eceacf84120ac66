import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions bought through Stripe next to the seeded ones, each owner's Stripe customer, and the
 * webhook events already applied. Rows from before are seed grants and stay as they are.
 */
export class StripeBilling1760000001000 implements MigrationInterface {
  name = 'StripeBilling1760000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "billing"."subscriptions"
        ADD COLUMN "source" text NOT NULL DEFAULT 'seed',
        ADD COLUMN "stripe_subscription_id" text,
        ADD COLUMN "trial_end" timestamptz,
        ADD COLUMN "current_period_end" timestamptz,
        ADD COLUMN "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        ADD COLUMN "payment_failed" boolean NOT NULL DEFAULT false,
        ADD COLUMN "updated_at" timestamptz NOT NULL DEFAULT now()`);
    // Every new row names its source; existing ones got 'seed' above.
    await q.query(`ALTER TABLE "billing"."subscriptions" ALTER COLUMN "source" DROP DEFAULT`);
    await q.query(`
      ALTER TABLE "billing"."subscriptions"
        ADD CONSTRAINT "subscriptions_source" CHECK ("source" IN ('stripe', 'seed')),
        ADD CONSTRAINT "subscriptions_stripe_id_iff_stripe"
          CHECK (("source" = 'stripe') = ("stripe_subscription_id" IS NOT NULL)),
        ADD CONSTRAINT "subscriptions_stripe_subscription_id" UNIQUE ("stripe_subscription_id")`);
    // An owner may buy a plan again after cancelling it: only seed grants stay one per plan.
    await q.query(`ALTER TABLE "billing"."subscriptions" DROP CONSTRAINT "subscriptions_owner_plan"`);
    await q.query(`
      CREATE UNIQUE INDEX "subscriptions_seed_owner_plan" ON "billing"."subscriptions" ("owner_sub", "plan")
        WHERE "source" = 'seed'`);
    await q.query(`CREATE INDEX "subscriptions_owner" ON "billing"."subscriptions" ("owner_sub")`);

    await q.query(`
      CREATE TABLE "billing"."customers" (
        "owner_sub" text PRIMARY KEY,
        "stripe_customer_id" text NOT NULL UNIQUE,
        -- The checkout this owner has open (one at a time), until it expires.
        "open_checkout_session_id" text,
        "open_checkout_expires_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "billing"."processed_events" (
        "event_id" text PRIMARY KEY,
        "type" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."processed_events"`);
    await q.query(`DROP TABLE "billing"."customers"`);
    await q.query(`DELETE FROM "billing"."subscriptions" WHERE "source" = 'stripe'`);
    await q.query(`DROP INDEX "billing"."subscriptions_owner"`);
    await q.query(`DROP INDEX "billing"."subscriptions_seed_owner_plan"`);
    await q.query(`
      ALTER TABLE "billing"."subscriptions"
        ADD CONSTRAINT "subscriptions_owner_plan" UNIQUE ("owner_sub", "plan"),
        DROP CONSTRAINT "subscriptions_stripe_subscription_id",
        DROP CONSTRAINT "subscriptions_stripe_id_iff_stripe",
        DROP CONSTRAINT "subscriptions_source",
        DROP COLUMN "updated_at",
        DROP COLUMN "payment_failed",
        DROP COLUMN "cancel_at_period_end",
        DROP COLUMN "current_period_end",
        DROP COLUMN "trial_end",
        DROP COLUMN "stripe_subscription_id",
        DROP COLUMN "source"`);
  }
}
