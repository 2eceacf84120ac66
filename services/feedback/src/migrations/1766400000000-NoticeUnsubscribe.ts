import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A notice one can unsubscribe from carries the address its List-Unsubscribe headers name (RFC 8058). */
export class NoticeUnsubscribe1766400000000 implements MigrationInterface {
  name = 'NoticeUnsubscribe1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "feedback"."notices" ADD COLUMN "list_unsubscribe" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "feedback"."notices" DROP COLUMN "list_unsubscribe"`);
  }
}
