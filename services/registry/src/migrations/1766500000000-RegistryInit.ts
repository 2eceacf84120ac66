import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The remote registry: published builds (immutable: a version's files never change), their files,
 * each remote's live and canary version, every switch (what a rollback returns to), and the shared
 * versions the shell offers.
 */
export class RegistryInit1766500000000 implements MigrationInterface {
  name = 'RegistryInit1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "registry"."versions" (
        "remote" text NOT NULL,
        "version" text NOT NULL,
        "digest" text NOT NULL,
        "declaration" jsonb NOT NULL,
        "files" integer NOT NULL,
        "bytes" bigint NOT NULL,
        "published_at" timestamptz NOT NULL DEFAULT now(),
        "published_by" text NOT NULL,
        PRIMARY KEY ("remote", "version")
      )`);
    await q.query(`
      CREATE TABLE "registry"."files" (
        "remote" text NOT NULL,
        "version" text NOT NULL,
        "path" text NOT NULL,
        "content" bytea NOT NULL,
        PRIMARY KEY ("remote", "version", "path"),
        FOREIGN KEY ("remote", "version") REFERENCES "registry"."versions" ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE "registry"."channels" (
        "remote" text PRIMARY KEY,
        "live" text NOT NULL,
        "previous" text,
        "canary_version" text,
        "canary_percent" integer CHECK ("canary_percent" BETWEEN 1 AND 99),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by" text NOT NULL,
        FOREIGN KEY ("remote", "live") REFERENCES "registry"."versions",
        FOREIGN KEY ("remote", "previous") REFERENCES "registry"."versions",
        FOREIGN KEY ("remote", "canary_version") REFERENCES "registry"."versions"
      )`);
    await q.query(`
      CREATE TABLE "registry"."switches" (
        "id" bigserial PRIMARY KEY,
        "remote" text NOT NULL,
        "action" text NOT NULL,
        "version" text,
        "percent" integer,
        "at" timestamptz NOT NULL DEFAULT now(),
        "by" text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "registry"."shell_offers" (
        "id" bigserial PRIMARY KEY,
        "shared" jsonb NOT NULL,
        "published_at" timestamptz NOT NULL DEFAULT now(),
        "published_by" text NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE "registry"."shell_offers", "registry"."switches", "registry"."channels", "registry"."files", "registry"."versions"`,
    );
  }
}
