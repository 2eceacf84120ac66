import { mountBar } from './bar';
import { findScript, readConfig } from './config';
import { loadRest } from './load-rest';
import { REST_FILE } from './rest-file';

const CONTAINER_ID = 'sniff-search';

/**
 * Entry of embed.js and saas-embed.js (the first script): find our script tag, its container, mount the
 * bar, and load searching from the second script beside this one.
 */
function boot(script: HTMLScriptElement | null): void {
  if (!script) return;
  const config = readConfig(script, location.origin);
  if (!config) {
    console.warn('[sniff] the script tag has no data-store-id');
    return;
  }
  let host = document.getElementById(CONTAINER_ID);
  if (!host) {
    host = document.createElement('div');
    host.id = CONTAINER_ID;
    const parent = script.parentNode;
    if (parent && parent !== document.head) parent.insertBefore(host, script);
    else document.body.prepend(host);
  }
  if (host.shadowRoot) return; // already mounted (script included twice)
  const nav = navigator as Navigator & { sendBeacon?: Navigator['sendBeacon'] };
  const bar = mountBar(host, config, {
    fetch: window.fetch.bind(window),
    sendBeacon: typeof nav.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
    navigate: (url) => location.assign(url),
  });
  loadRest(bar, new URL(REST_FILE, script.src).href);
}

// Capture the script tag now: document.currentScript is null once this script has run.
const script = findScript(document);
if (!document.body) document.addEventListener('DOMContentLoaded', () => boot(script));
else boot(script);
