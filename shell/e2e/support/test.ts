import { test as base, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';

/** What Chromium logs when a page's Content-Security-Policy blocks something. */
const VIOLATION = /Content Security Policy|Refused to/i;

/**
 * The test every spec uses: it fails any test during which a page broke its Content-Security-Policy
 * (an inline script without its hash, a script, fetch or style from an origin the policy leaves
 * out, an eval), in the test's own pages and in contexts it opens itself. Chromium logs each
 * violation to the console; the securitypolicyviolation event also catches ones it only reports.
 */
export const test = base.extend<{ noCspViolations: void }, { cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const watch = (context: BrowserContext) => {
        void context.addInitScript(() =>
          document.addEventListener('securitypolicyviolation', (e) =>
            console.error(
              `Content Security Policy violation on ${location.href}: ${e.effectiveDirective} blocked ${e.blockedURI}`,
            ),
          ),
        );
        context.on('console', (msg) => {
          if (VIOLATION.test(msg.text())) violations.push(`${msg.location().url}: ${msg.text()}`);
        });
      };
      browser.contexts().forEach(watch);
      browser.on('context', watch);
      await use(violations);
      browser.off('context', watch);
    },
    { scope: 'worker', auto: true },
  ],
  noCspViolations: [
    async ({ cspViolations }, use) => {
      const before = cspViolations.length;
      await use();
      base.expect(cspViolations.slice(before), 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
