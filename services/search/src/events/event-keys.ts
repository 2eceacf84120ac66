import { createHmac } from 'node:crypto';
import type { SearchConfig } from '../config';

export const EVENT_KEYS = Symbol('EVENT_KEYS');

/** Separate keys for separate uses, all from one secret. */
export interface EventKeys {
  proof: Buffer;
  visitor: Buffer;
  /** Hashes the addresses and networks the per-visitor counting caps are kept under. */
  quota: Buffer;
}

export function eventKeys(config: Pick<SearchConfig, 'EVENT_SIGNING_KEY' | 'INTERNAL_TOKEN'>): EventKeys {
  const secret = config.EVENT_SIGNING_KEY ?? config.INTERNAL_TOKEN;
  const derive = (use: string) => createHmac('sha256', secret).update(`sniff search events: ${use}`).digest();
  return {
    proof: derive('search proof'),
    visitor: derive('visitor'),
    quota: derive('quota visitor'),
  };
}
