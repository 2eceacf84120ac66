import { loadRuntimeDocuments } from './shared/config';

// The runtime documents (/config.json, /remotes.json) are fetched while the app's code loads.
loadRuntimeDocuments().catch(() => undefined);
// Async boundary: shared federation modules are negotiated before the app's code runs.
import('./bootstrap');
