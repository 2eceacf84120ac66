/**
 * The /vectors read-only demo, on the timings of spec section 9: the query "seach" is typed one
 * letter at a time, keyword search answers "No results!", then "AI Fixed!" with two results; the
 * box clears 2000 ms after the last step and the whole script restarts every 8000 ms.
 */
export const DEMO_QUERY = 'seach';
export const DEMO_CORRECTED = 'search';

/** Delay before each frame of DEMO_FRAMES, measured from the previous one. */
export const STEP_DELAYS_MS = [500, 200, 200, 200, 200, 800, 300] as const;
export const RESET_AFTER_LAST_STEP_MS = 2000;
export const DEMO_CYCLE_MS = 8000;

export type DemoStatus = 'idle' | 'typing' | 'no-results' | 'fixed';
export interface DemoFrame {
  query: string;
  status: DemoStatus;
}

/** What the pre-rendered page shows, and what the box returns to after each run. */
export const IDLE_FRAME: DemoFrame = { query: '', status: 'idle' };

export const DEMO_FRAMES: DemoFrame[] = [
  ...[...DEMO_QUERY].map((_, i) => ({ query: DEMO_QUERY.slice(0, i + 1), status: 'typing' as const })),
  { query: DEMO_QUERY, status: 'no-results' },
  { query: DEMO_QUERY, status: 'fixed' },
];

export const DEMO_RESULTS = [
  { name: 'search', kind: 'Icon', detail: 'Magnifying glass, outline, 24 px' },
  { name: 'search-bar', kind: 'Component', detail: 'Form input with icon and clear button' },
];

/** The rotating line under the hero: what people type, and what a forgiving search finds. */
export const ROTATING_EXAMPLES = [
  { typed: 'seach', found: 'search' },
  { typed: 'hamburger', found: 'menu' },
  { typed: 'bin', found: 'trash-2' },
  { typed: 'chevorn down', found: 'chevron-down' },
  { typed: 'glassmorphsm card', found: 'Glass card' },
];
export const EXAMPLE_ROTATION_MS = 4000;
