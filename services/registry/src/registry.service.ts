import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Owner } from '@sniff/service-kit';
import type { PublishedVersion, RegistryManifest, RemoteChannel, ShellOffer } from '@sniff/contracts';
import { checkArtefact, unmetRanges, type Shared } from './artefact-check';
import { REGISTRY_CONFIG, type RegistryConfig } from './config';

interface ChannelRow {
  remote: string;
  live: string;
  previous: string | null;
  canary_version: string | null;
  canary_percent: number | null;
  updated_at: Date;
  updated_by: string;
}

interface VersionRow {
  remote: string;
  version: string;
  published_at: Date;
  published_by: string;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The remote registry: teams publish immutable builds; operators choose which one owners get (live), send a
 * share of owners to another (canary) and roll back. The gateways read the manifest and the files from here,
 * so a switch reaches every replica without a release. Every change is serialised per remote (an advisory
 * lock) and recorded in `switches`.
 */
@Injectable()
export class RegistryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  /** The operator API is for REGISTRY_OPERATORS (by subject or e-mail); owners get 403. */
  operator(owner: Owner): string {
    const allowed = this.config.REGISTRY_OPERATORS;
    if (!allowed.includes(owner.sub) && !(owner.email && allowed.includes(owner.email))) {
      throw new ForbiddenException("Only Sniff's operators may read or change the remote registry");
    }
    return owner.sub;
  }

  async publish(
    by: string,
    remote: string,
    version: string,
    encoded: Record<string, string>,
  ): Promise<PublishedVersion> {
    const files = new Map(Object.entries(encoded).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
    const bytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
    if (bytes > this.config.REGISTRY_MAX_ARTEFACT_MB * 1024 * 1024) {
      throw new PayloadTooLargeException(`A build may hold at most ${this.config.REGISTRY_MAX_ARTEFACT_MB} MB`);
    }
    const digest = digestOf(files);
    return this.db.transaction(async (m) => {
      await lock(m, remote);
      const [existing] = await m.query<{ digest: string; published_at: Date; published_by: string }[]>(
        `SELECT "digest", "published_at", "published_by" FROM "registry"."versions" WHERE "remote" = $1 AND "version" = $2`,
        [remote, version],
      );
      if (existing) {
        if (existing.digest !== digest) {
          throw new ConflictException(
            `${remote} ${version} is already published with other files: a version never changes, publish the build under a new version`,
          );
        }
        return answer(remote, version, files.size, bytes, existing.published_at, existing.published_by, false);
      }
      const offered = await this.offered(m);
      let declaration;
      try {
        declaration = checkArtefact(remote, files, offered);
      } catch (error) {
        throw new UnprocessableEntityException(`${remote} ${version} was refused: ${(error as Error).message}`);
      }
      const [row] = await m.query<{ published_at: Date }[]>(
        `INSERT INTO "registry"."versions" ("remote", "version", "digest", "declaration", "files", "bytes", "published_by")
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "published_at"`,
        [remote, version, digest, JSON.stringify(declaration), files.size, bytes, by],
      );
      for (const [path, content] of files) {
        await m.query(
          `INSERT INTO "registry"."files" ("remote", "version", "path", "content") VALUES ($1, $2, $3, $4)`,
          [remote, version, path, content],
        );
      }
      return answer(remote, version, files.size, bytes, row!.published_at, by, true);
    });
  }

  switchLive(by: string, remote: string, version: string): Promise<RemoteChannel> {
    return this.change(remote, async (m, channel) => {
      await this.published(m, remote, version);
      if (channel?.live === version && !channel.canary_version) return;
      await m.query(
        `INSERT INTO "registry"."channels" ("remote", "live", "previous", "updated_by") VALUES ($1, $2, NULL, $3)
         ON CONFLICT ("remote") DO UPDATE SET
           "previous" = CASE WHEN "channels"."live" = $2 THEN "channels"."previous" ELSE "channels"."live" END,
           "live" = $2, "canary_version" = NULL, "canary_percent" = NULL, "updated_at" = now(), "updated_by" = $3`,
        [remote, version, by],
      );
      await record(m, remote, 'live', by, version);
    });
  }

  /** No owner gets the remote any more (its versions stay published; a switch brings it back, from scratch). */
  retire(by: string, remote: string): Promise<RemoteChannel> {
    return this.change(remote, async (m, channel) => {
      if (!channel) return;
      await m.query(`DELETE FROM "registry"."channels" WHERE "remote" = $1`, [remote]);
      await record(m, remote, 'retire', by);
    });
  }

  startCanary(by: string, remote: string, version: string, percent: number): Promise<RemoteChannel> {
    return this.change(remote, async (m, channel) => {
      if (!channel) throw new ConflictException(`${remote} has no live version yet: switch one live before a canary`);
      await this.published(m, remote, version);
      if (channel.live === version) throw new UnprocessableEntityException(`${remote} ${version} is already live`);
      // The public site's visitors have no token, so no share of them can be told apart: every public page is the
      // live version's (the gateway serves only that), and a canary would reach nobody who sees the site.
      if (await this.publicSite(m, remote, version)) {
        throw new UnprocessableEntityException(
          `${remote} serves the public site, which always shows the live version (its visitors are not signed in): ` +
            'switch the version live and roll back if needed',
        );
      }
      await m.query(
        `UPDATE "registry"."channels" SET "canary_version" = $2, "canary_percent" = $3, "updated_at" = now(), "updated_by" = $4
         WHERE "remote" = $1`,
        [remote, version, percent, by],
      );
      await record(m, remote, 'canary', by, version, percent);
    });
  }

  endCanary(by: string, remote: string): Promise<RemoteChannel> {
    return this.change(remote, async (m, channel) => {
      if (!channel?.canary_version) return;
      await m.query(
        `UPDATE "registry"."channels" SET "canary_version" = NULL, "canary_percent" = NULL, "updated_at" = now(), "updated_by" = $2
         WHERE "remote" = $1`,
        [remote, by],
      );
      await record(m, remote, 'end-canary', by);
    });
  }

  rollBack(by: string, remote: string): Promise<RemoteChannel> {
    return this.change(remote, async (m, channel) => {
      if (!channel?.previous) throw new ConflictException(`${remote} has no earlier live version to roll back to`);
      await m.query(
        `UPDATE "registry"."channels" SET "live" = "previous", "previous" = "live", "canary_version" = NULL,
           "canary_percent" = NULL, "updated_at" = now(), "updated_by" = $2
         WHERE "remote" = $1`,
        [remote, by],
      );
      await record(m, remote, 'rollback', by, channel.previous);
    });
  }

  /** Records a shell's shared versions; refused when a remote owners get (live or canary) would not accept them. */
  async publishShell(by: string, { shared }: ShellOffer) {
    return this.db.transaction(async (m) => {
      await lock(m, 'shell');
      const serving = await m.query<{ remote: string; version: string; requires: Shared | null }[]>(
        `SELECT v."remote", v."version", v."declaration"->'requires' AS "requires"
         FROM "registry"."channels" c JOIN "registry"."versions" v
           ON v."remote" = c."remote" AND v."version" IN (c."live", c."canary_version")`,
      );
      const broken = serving.flatMap((s) => {
        const unmet = unmetRanges(s.requires ?? undefined, shared);
        return unmet.length ? [`${s.remote} ${s.version} needs ${unmet.join(', ')}`] : [];
      });
      if (broken.length) {
        throw new ConflictException(
          `This shell would break remotes owners get: ${broken.join('; ')}. Publish and switch remotes built for it first.`,
        );
      }
      const [latest] = await m.query<{ shared: Shared; published_at: Date; published_by: string }[]>(
        `SELECT "shared", "published_at", "published_by" FROM "registry"."shell_offers" ORDER BY "id" DESC LIMIT 1`,
      );
      if (latest && sameShared(latest.shared, shared)) {
        return { shared, publishedAt: iso(latest.published_at)!, publishedBy: latest.published_by };
      }
      const [row] = await m.query<{ published_at: Date }[]>(
        `INSERT INTO "registry"."shell_offers" ("shared", "published_by") VALUES ($1, $2) RETURNING "published_at"`,
        [JSON.stringify(shared), by],
      );
      return { shared, publishedAt: iso(row!.published_at)!, publishedBy: by };
    });
  }

  /** Every remote with a published version: two reads, whatever the number of remotes. */
  async list(): Promise<{ remotes: RemoteChannel[] }> {
    const channels = await this.db.query<ChannelRow[]>(`SELECT * FROM "registry"."channels"`);
    const versions = await this.db.query<VersionRow[]>(
      `SELECT "remote", "version", "published_at", "published_by" FROM "registry"."versions"
       ORDER BY "remote", "published_at" DESC, "version" DESC`,
    );
    const names = [...new Set(versions.map((v) => v.remote))];
    return {
      remotes: names.map((remote) =>
        toChannel(
          remote,
          channels.find((c) => c.remote === remote),
          versions.filter((v) => v.remote === remote),
        ),
      ),
    };
  }

  async manifest(): Promise<RegistryManifest> {
    const rows = await this.db.query<ChannelRow[]>(`SELECT * FROM "registry"."channels" ORDER BY "remote"`);
    return {
      remotes: rows.map((r) => ({
        remote: r.remote,
        live: r.live,
        canary: r.canary_version ? { version: r.canary_version, percent: r.canary_percent! } : null,
      })),
    };
  }

  async file(remote: string, version: string, path: string): Promise<Buffer> {
    const [row] = await this.db.query<{ content: Buffer }[]>(
      `SELECT "content" FROM "registry"."files" WHERE "remote" = $1 AND "version" = $2 AND "path" = $3`,
      [remote, version, path],
    );
    if (!row) throw new NotFoundException(`${remote} ${version} has no file ${path}`);
    return row.content;
  }

  /** The latest shell's offer; none yet: nothing can be published (there is nothing to check it against). */
  private async offered(m: EntityManager): Promise<Shared> {
    const [row] = await m.query<{ shared: Shared }[]>(
      `SELECT "shared" FROM "registry"."shell_offers" ORDER BY "id" DESC LIMIT 1`,
    );
    if (!row) {
      throw new ConflictException("No shell is recorded yet: publish the shell's shared versions first (PUT /shell)");
    }
    return row.shared;
  }

  private async published(m: EntityManager, remote: string, version: string): Promise<void> {
    const [row] = await m.query<unknown[]>(
      `SELECT 1 FROM "registry"."versions" WHERE "remote" = $1 AND "version" = $2`,
      [remote, version],
    );
    if (!row) throw new NotFoundException(`${remote} has no published version ${version}`);
  }

  /** Whether that published version's declaration is the public site's (pre-rendered pages, no dashboard pages). */
  private async publicSite(m: EntityManager, remote: string, version: string): Promise<boolean> {
    const [row] = await m.query<{ public_site: boolean | null }[]>(
      `SELECT ("declaration"->>'publicSite')::boolean AS "public_site" FROM "registry"."versions"
       WHERE "remote" = $1 AND "version" = $2`,
      [remote, version],
    );
    return row?.public_site === true;
  }

  /** One change to a remote's channel, serialised with any other on the same remote; answers the channel after. */
  private change(
    remote: string,
    apply: (m: EntityManager, channel: ChannelRow | undefined) => Promise<void>,
  ): Promise<RemoteChannel> {
    return this.db.transaction(async (m) => {
      await lock(m, remote);
      const [channel] = await m.query<ChannelRow[]>(`SELECT * FROM "registry"."channels" WHERE "remote" = $1`, [
        remote,
      ]);
      await apply(m, channel);
      return this.channel(m, remote);
    });
  }

  private async channel(m: EntityManager, remote: string): Promise<RemoteChannel> {
    const [c] = await m.query<ChannelRow[]>(`SELECT * FROM "registry"."channels" WHERE "remote" = $1`, [remote]);
    const versions = await m.query<VersionRow[]>(
      `SELECT "remote", "version", "published_at", "published_by" FROM "registry"."versions" WHERE "remote" = $1
       ORDER BY "published_at" DESC, "version" DESC`,
      [remote],
    );
    if (!c && !versions.length) throw new NotFoundException(`${remote} has no published version`);
    return toChannel(remote, c, versions);
  }
}

/** One remote as operators see it, from its channel row (none: never switched live, or retired) and its versions. */
function toChannel(remote: string, c: ChannelRow | undefined, versions: VersionRow[]): RemoteChannel {
  return {
    remote,
    live: c?.live ?? null,
    canary: c?.canary_version ? { version: c.canary_version, percent: c.canary_percent! } : null,
    previous: c?.previous ?? null,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: iso(v.published_at)!,
      publishedBy: v.published_by,
    })),
    updatedAt: iso(c?.updated_at),
    updatedBy: c?.updated_by ?? null,
  };
}

const sameShared = (a: Shared, b: Shared) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** One digest for a build's files, whatever order they were sent in. */
function digestOf(files: ReadonlyMap<string, Buffer>): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) {
    hash.update(`${path}\0${files.get(path)!.length}\0`);
    hash.update(files.get(path)!);
  }
  return hash.digest('hex');
}

const lock = (m: EntityManager, key: string) =>
  m.query(`SELECT pg_advisory_xact_lock(hashtext('registry:' || $1))`, [key]);

const record = (m: EntityManager, remote: string, action: string, by: string, version?: string, percent?: number) =>
  m.query(
    `INSERT INTO "registry"."switches" ("remote", "action", "version", "percent", "by") VALUES ($1, $2, $3, $4, $5)`,
    [remote, action, version ?? null, percent ?? null, by],
  );

const answer = (
  remote: string,
  version: string,
  files: number,
  bytes: number,
  at: Date,
  by: string,
  created: boolean,
): PublishedVersion => ({ remote, version, files, bytes, publishedAt: iso(at)!, publishedBy: by, created });
