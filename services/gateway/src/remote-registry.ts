import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { INTERNAL_TOKEN_HEADER } from '@sniff/service-kit';
import { registryManifestSchema, remoteVersionSchema, type RegistryManifest } from '@sniff/contracts';
import { GATEWAY_CONFIG, type GatewayConfig, type RemotesManifest } from './config';

/** Whether a path segment is a published build's version: /remotes/<remote>/<version>/<file>. */
export const isVersion = (segment: string): boolean => remoteVersionSchema.safeParse(segment).success;

/** Whether `owner` is among the `percent` share of owners a remote's canary reaches (the same owners every time). */
export function inCanary(owner: string | undefined, remote: string, percent: number): boolean {
  if (!owner) return false;
  const bucket = createHash('sha256').update(`${remote}\0${owner}`).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

/** The remotes an owner gets: the registry's (live, or the canary for its share) over the folders shipped here. */
export function remotesFor(
  served: RemotesManifest,
  registry: RegistryManifest,
  owner: string | undefined,
): RemotesManifest {
  const published = new Map(
    registry.remotes.map((r) => {
      const version = r.canary && inCanary(owner, r.remote, r.canary.percent) ? r.canary.version : r.live;
      const name = r.remote.replace(/-/g, '_');
      return [name, { name, entry: `/remotes/${r.remote}/${encodeURIComponent(version)}/mf-manifest.json` }];
    }),
  );
  const shipped = served.remotes.filter((r) => !published.has(r.name));
  return { remotes: [...shipped, ...published.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** A file of a published build, or null when the build has no such file. */
type Cached = Buffer | null;

/**
 * The gateway's view of the remote registry (services/registry): its manifest, read again at most every
 * REGISTRY_POLL_MS (every replica polls, so a switch reaches all of them within that), and the files of
 * published builds, kept in memory up to REGISTRY_CACHE_MB since a version's files never change. When the
 * registry cannot be reached the last manifest read stays in force (none yet: only the folders shipped
 * with the gateway are served), so an outage never takes the dashboard down.
 */
@Injectable()
export class RemoteRegistry {
  private readonly logger = new Logger('RemoteRegistry');
  private manifestValue: RegistryManifest = { remotes: [] };
  private readAt = -Infinity;
  private pending: Promise<RegistryManifest> | null = null;
  private failing = false;
  private readonly files = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<Cached>>();
  private cachedBytes = 0;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  private get headers() {
    return { [INTERNAL_TOKEN_HEADER]: this.config.INTERNAL_TOKEN };
  }

  /** The registry's manifest, at most REGISTRY_POLL_MS old (one read in flight at a time). */
  async manifest(): Promise<RegistryManifest> {
    if (!this.config.REGISTRY_URL) return this.manifestValue;
    if (performance.now() - this.readAt < this.config.REGISTRY_POLL_MS) return this.manifestValue;
    this.pending ??= this.readManifest().finally(() => (this.pending = null));
    return this.pending;
  }

  private async readManifest(): Promise<RegistryManifest> {
    try {
      const res = await fetch(`${this.config.REGISTRY_URL}/internal/manifest`, {
        headers: this.headers,
        signal: AbortSignal.timeout(2_000),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      this.manifestValue = registryManifestSchema.parse(await res.json());
      if (this.failing) this.logger.log('the remote registry answers again');
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.logger.warn(`the remote registry cannot be read, serving its last manifest: ${String(error)}`);
      this.failing = true;
    }
    this.readAt = performance.now();
    return this.manifestValue;
  }

  /** One file of a published build; null when there is none (a 404 is kept too: the build never changes). */
  async file(remote: string, version: string, path: string): Promise<Buffer | null> {
    const key = `${remote}\0${version}\0${path}`;
    if (this.files.has(key)) return this.files.get(key)!;
    if (!this.config.REGISTRY_URL) return null;
    // Browsers arriving together after a switch ask for the same files: one read from the registry serves them all.
    let reading = this.reading.get(key);
    if (!reading) {
      reading = this.read(key, remote, version, path).finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  private async read(key: string, remote: string, version: string, path: string): Promise<Cached> {
    const url = new URL(
      `${this.config.REGISTRY_URL}/internal/remotes/${encodeURIComponent(remote)}/versions/${encodeURIComponent(version)}/file`,
    );
    url.searchParams.set('path', path);
    const res = await fetch(url, { headers: this.headers, signal: AbortSignal.timeout(10_000) });
    // 400: a path the registry refuses (a dot folder...); 404: no such file or version. Neither will change.
    if (res.status === 404 || res.status === 400) return this.keep(key, null);
    if (!res.ok) throw new Error(`the remote registry answered ${res.status} for ${remote} ${version} ${path}`);
    return this.keep(key, Buffer.from(await res.arrayBuffer()));
  }

  private keep(key: string, value: Cached): Cached {
    const size = (value?.length ?? 0) + key.length;
    // Oldest first out (a Map iterates in insertion order) until the new file fits.
    for (const [oldKey, old] of this.files) {
      if (this.cachedBytes + size <= this.config.REGISTRY_CACHE_MB * 1024 * 1024) break;
      this.files.delete(oldKey);
      this.cachedBytes -= (old?.length ?? 0) + oldKey.length;
    }
    this.files.set(key, value);
    this.cachedBytes += size;
    return value;
  }
}
