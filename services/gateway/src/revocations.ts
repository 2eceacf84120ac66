import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ACCOUNT_DELETED_MESSAGE, billingEndpoints } from '@sniff/contracts';
import { INTERNAL_TOKEN_HEADER } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { GatewayError } from './http-error';

const { revokedSubjects, accountDeletion } = billingEndpoints;
/** The one call a revoked owner may still make: the deletion's progress, which the dashboard shows. */
const DELETION_STATUS = { method: accountDeletion.method, path: `/api/billing${accountDeletion.path}` };
/** How long one read of the list may take (start-up waits this long at most before listening anyway). */
const READ_TIMEOUT_MS = 5_000;
const WARN_EVERY_MS = 60_000;

/**
 * Subjects whose owners asked to delete their account, refused on every /api call. Read from
 * billing's durable list (the same for every replica, and whole again after a restart): all of it
 * at start-up, then only the rows after the last cursor every REVOCATION_POLL_MS. Until the first
 * read succeeds /api answers 503 rather than trust a token; a billing that stops answering later
 * leaves the last list in force.
 */
@Injectable()
export class Revocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Revocations');
  private readonly subjects = new Set<string>();
  private cursor = 0;
  private loaded = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastWarning = -Infinity;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.read();
    this.schedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Throws what the gateway answers a call it must not pass on: 503 before the first read, 401 once revoked. */
  check(sub: string, method: string | undefined, url: string | undefined): void {
    if (!this.loaded)
      throw new GatewayError(503, 'The gateway has not read the list of deleted accounts yet; try again shortly', {
        'retry-after': '1',
      });
    if (!this.subjects.has(sub)) return;
    if (method === DELETION_STATUS.method && (url ?? '').split('?')[0] === DELETION_STATUS.path) return;
    throw new GatewayError(401, ACCOUNT_DELETED_MESSAGE, { 'www-authenticate': 'Bearer error="invalid_token"' });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.read().finally(() => this.schedule()), this.config.REVOCATION_POLL_MS);
    this.timer.unref();
  }

  /** Reads every row after the cursor (page by page); on failure the list stays as it was. */
  private async read(): Promise<void> {
    const base = this.config.BILLING_URL.replace(/\/+$/, '');
    try {
      for (let more = true; more;) {
        const res = await fetch(`${base}${revokedSubjects.path}?after=${this.cursor}`, {
          headers: { [INTERNAL_TOKEN_HEADER]: this.config.INTERNAL_TOKEN },
          signal: AbortSignal.timeout(READ_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`billing answered ${res.status}`);
        const page = revokedSubjects.response.parse(await res.json());
        for (const sub of page.subjects) this.subjects.add(sub);
        this.cursor = page.cursor;
        more = page.more;
      }
      if (!this.loaded) this.logger.log(`read ${this.subjects.size} revoked subjects; /api is open`);
      else if (this.lastWarning > -Infinity)
        this.logger.log('billing answers again; the list of revoked subjects is current');
      this.loaded = true;
      this.lastWarning = -Infinity;
    } catch (err) {
      if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
      this.lastWarning = Date.now();
      const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      this.logger.warn(
        this.loaded
          ? `cannot read revoked subjects from billing (${cause}); the last list (${this.subjects.size}) holds`
          : `cannot read revoked subjects from billing (${cause}); /api answers 503 until it can`,
      );
    }
  }
}
