import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig, Metrics } from '@sniff/service-kit';
import { existsSync } from 'node:fs';
import { createGatewayApp } from './app';
import { gatewayConfigSchema, type GatewayConfig } from './config';
import { staticRoots } from './frontend';
import { serveMetrics } from './metrics';

async function main(): Promise<void> {
  let config: GatewayConfig;
  try {
    config = loadConfig('gateway', gatewayConfigSchema);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = new Logger('gateway');
  const metrics = new Metrics('gateway');
  const app = await createGatewayApp(config, metrics);
  await app.listen(config.PORT, config.HOST);
  if (config.METRICS_PORT) await serveMetrics(metrics, config.METRICS_PORT, config.HOST);
  const { shell, widget } = staticRoots(config);
  for (const dir of [shell, widget])
    if (!existsSync(dir)) logger.warn(`${dir} is missing; build it with npm run build`);
  logger.log(
    `listening on http://${config.HOST}:${config.PORT} (public URL ${config.PUBLIC_URL}, issuer ${config.AUTH_ISSUER})`,
  );
}

void main();
