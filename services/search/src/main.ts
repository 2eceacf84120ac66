import 'reflect-metadata';
import cluster from 'node:cluster';
import { loadConfig, runService } from '@sniff/service-kit';
import { SearchAppModule } from './app.module';
import { searchConfigSchema } from './config';
import { sniffEngine } from './engine/sniff-index';
import { warmUpQueries } from './engine/warm-up';
import { runWorkers, servePlacement } from './workers';

const workers = cluster.isPrimary ? workerCount() : 1;
if (workers > 1) runWorkers(workers);
else {
  // Before any store is served: the first visitors' searches run compiled code (engine/warm-up.ts).
  warmUpQueries(sniffEngine);
  void runService('search', searchConfigSchema, (config) => SearchAppModule.forRoot(config))
    .then(servePlacement)
    .catch((error: Error) => {
      console.error(`search: ${error.message}`);
      process.exit(1);
    });
}

/** SEARCH_WORKERS (bad settings: the message and exit 1, as runService does). */
function workerCount(): number {
  try {
    return loadConfig('search', searchConfigSchema).SEARCH_WORKERS;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
