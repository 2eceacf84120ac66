import type { DynamicModule, INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { BaseServiceConfig, DEFAULT_DATABASE_POOL_MAX, DEFAULT_QUEUE_POOL_MAX } from '../config';
import { INTERNAL_TOKEN_HEADER, USER_EMAIL_HEADER, USER_SUB_HEADER } from '../identity';
import { createServiceApp } from '../service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createTestDatabase } = require('@sniff/infra/test-database.js') as {
  createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }>;
};
export { createTestDatabase };

export const TEST_INTERNAL_TOKEN = randomBytes(24).toString('hex');

export function testConfig(databaseUrl: string): BaseServiceConfig {
  return {
    PORT: 0,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    LOG_LEVEL: 'warn',
    DATABASE_WAIT_SECONDS: 10,
    DATABASE_POOL_MAX: DEFAULT_DATABASE_POOL_MAX,
    QUEUE_POOL_MAX: DEFAULT_QUEUE_POOL_MAX,
    MIGRATE_ON_START: true,
  };
}

export interface TestService {
  app: INestApplication;
  url: string;
  close(): Promise<void>;
}

/** Starts a service module on a loopback port (a free one unless given), exactly as main.ts would. */
export async function startTestService(root: DynamicModule, config: BaseServiceConfig, port = 0): Promise<TestService> {
  const app = await createServiceApp(root, config);
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** Headers the gateway adds for a verified owner (identity percent-encoded, as the gateway sends it). */
export function asOwner(sub: string, email = `${sub}@example.com`): Record<string, string> {
  return {
    'content-type': 'application/json',
    [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN,
    [USER_SUB_HEADER]: encodeURIComponent(sub),
    [USER_EMAIL_HEADER]: encodeURIComponent(email),
  };
}

/** Headers of a sibling service calling an internal route. */
export function asInternal(): Record<string, string> {
  return { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN };
}
export { freePorts, startNodeProcess, type RunningProcess } from './node-process';
export { prepareLocalIdp, type LocalIdp, type ManagementSettings } from './local-idp';
export { startMailCatcher, type Delivered, type MailAddress, type MailCatcher } from './mail-catcher';
