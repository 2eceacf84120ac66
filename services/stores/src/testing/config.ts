import { randomBytes } from 'node:crypto';
import type { BaseServiceConfig } from '@sniff/service-kit';
import { storesConfigSchema, type StoresConfig } from '../config';

/** A secrets key for one test run (the service refuses to start without one). */
export const TEST_SECRETS_KEY = randomBytes(32).toString('hex');

/** The stores service's settings for a test: its defaults, a fresh secrets key, then `overrides`. */
export function storesTestConfig(base: BaseServiceConfig, overrides: Partial<StoresConfig> = {}): StoresConfig {
  return { ...storesConfigSchema.parse({ ...base, SECRETS_KEY: TEST_SECRETS_KEY }), ...overrides };
}
