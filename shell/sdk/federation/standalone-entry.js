// A remote's standalone page starts here. The remote's own standalone.tsx (aliased as the module
// below) uses shared modules (@sniff/shell-sdk, React) at once; the share scope can only give them
// to code loaded after an async boundary, so this entry is that boundary (without it the page
// stayed blank with the federation runtime's RUNTIME-006).
//
// First, zod's settings as the dashboard makes them (shell/src/shared/zod-without-eval.ts): English
// messages instead of zod/mini's bare "Invalid input", and no `new Function` probe. They live on
// globalThis, so this copy of zod sets them for the remote's too. Here rather than in the SDK's
// renderStandalone: the SDK is shared whole, so anything there weighs on every dashboard page.
import('zod/mini')
  .then(({ config, locales }) => {
    config(locales.en());
    config({ jitless: true });
  })
  .then(() => import('sniff-remote-standalone'));
