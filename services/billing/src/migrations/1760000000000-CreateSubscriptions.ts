import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubscriptions1760000000000 implements MigrationInterface {
  name = 'CreateSubscriptions1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "billing"."subscriptions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_sub" text NOT NULL,
        "plan" text NOT NULL,
        "platform" text NOT NULL,
        "status" text NOT NULL DEFAULT 'active',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "subscriptions_owner_plan" UNIQUE ("owner_sub", "plan")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "billing"."subscriptions"`);
  }
}
