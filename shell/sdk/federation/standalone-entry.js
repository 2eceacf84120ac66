// A remote's standalone page starts here. The remote's own standalone.tsx (aliased as the module
// below) uses shared modules (@sniff/shell-sdk, React) at once; the share scope can only give them
// to code loaded after an async boundary, so this entry is that boundary (without it the page
// stayed blank with the federation runtime's RUNTIME-006).
import('sniff-remote-standalone');
