/** No dashboard page may need more compressed JavaScript than this on a cold load (issue 14). */
export const DASHBOARD_BUDGET_BYTES = 200 * 1024;
/** Results are painted within this many ms of a keystroke, p95 on loopback (issue 14's 50, issue 30's 30). */
export const KEYSTROKE_TO_PAINT_P95_MS = 30;
