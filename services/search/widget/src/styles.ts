import type { WidgetConfig } from './config';

const SIZE: Record<WidgetConfig['size'], { font: number; height: number; width: number }> = {
  tiny: { font: 12, height: 28, width: 220 },
  small: { font: 14, height: 34, width: 320 },
  medium: { font: 16, height: 42, width: 480 },
  large: { font: 18, height: 50, width: 640 },
  xlarge: { font: 20, height: 58, width: 800 },
  huge: { font: 24, height: 66, width: 960 },
};

/** The widget's own styles, scoped by its shadow root (the page's CSS cannot reach in, nor ours out). */
export function widgetStyles(c: WidgetConfig): string {
  const s = SIZE[c.size];
  const radius = c.rounded ? Math.round(s.height / 2) : 4;
  return `
:host { all: initial; display: block; width: 100%; max-width: ${s.width}px; position: relative;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: ${s.font}px;
  --sniff-text: ${c.textColor ?? '#333333'}; --sniff-border: ${c.borderColor ?? '#666666'};
  --sniff-bg: ${c.background ?? '#ffffff'}; color: var(--sniff-text); }
* { box-sizing: border-box; }
.bar { display: flex; align-items: center; height: ${s.height}px; border: 1px solid var(--sniff-border);
  border-radius: ${radius}px; background: var(--sniff-bg); padding: 0 ${Math.round(s.height / 3)}px; gap: 8px; }
.bar.pending { visibility: hidden; }
.bar:focus-within { box-shadow: 0 0 0 3px color-mix(in srgb, var(--sniff-border) 30%, transparent); }
.icon { width: 1em; height: 1em; flex: none; opacity: .6; }
input { flex: 1; min-width: 0; border: 0; outline: 0; background: transparent; color: var(--sniff-text);
  font: inherit; height: 100%; }
.panel { position: absolute; left: 0; right: 0; top: calc(100% + 6px); z-index: 2147483000; background: #fff;
  color: #1f2328; border: 1px solid #d0d7de; border-radius: ${c.rounded ? 12 : 4}px;
  box-shadow: 0 8px 24px rgba(0,0,0,.12); overflow: hidden; }
.panel[hidden] { display: none; }
[role=listbox] { list-style: none; margin: 0; padding: 4px 0; max-height: 60vh; overflow-y: auto; }
[role=option] { padding: 8px 14px; cursor: pointer; }
[role=option][aria-selected=true], [role=option]:hover { background: #f3f4f6; }
.suggestion { display: flex; gap: 8px; align-items: center; padding-top: 6px; padding-bottom: 6px; }
.suggestion-icon { opacity: .55; }
.title { font-weight: 600; }
.badge { display: inline-block; font-size: .72em; font-weight: 600; letter-spacing: .02em; color: #0550ae;
  background: #ddf4ff; border: 1px solid #54aeff; border-radius: 999px; padding: 0 6px; margin-bottom: 2px; }
.badge.related { color: #57606a; background: #f6f8fa; border-color: #d0d7de; }
.answer { border-bottom: 1px solid #e5e7eb; }
.cards .answer { grid-column: 1 / -1; border: 1px solid #e5e7eb; }
.answer-text { margin-top: 2px; white-space: pre-line; }
.answer-link { font-size: .85em; color: #0969da; text-decoration: underline; margin-top: 2px; }
.desc { font-size: .85em; color: #57606a; margin-top: 2px; }
.price { font-size: .9em; font-weight: 600; color: #1a7f37; margin-top: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.hit { display: flex; gap: 10px; align-items: flex-start; }
.body { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.media { display: block; flex: none; object-fit: cover; background: #f3f4f6; border-radius: 4px; }
.media.broken { visibility: hidden; }
.list .media { width: 40px; height: 40px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; padding: 8px; }
.cards .suggestion { grid-column: 1 / -1; padding: 6px 8px; }
.cards .hit { flex-direction: column; gap: 6px; padding: 8px; border: 1px solid #e5e7eb;
  border-radius: ${c.rounded ? 8 : 4}px; }
.cards [role=option][aria-selected=true] { outline: 2px solid #0969da; outline-offset: -2px; }
.cards .media { width: 100%; height: auto; aspect-ratio: 4 / 3; }
.cards .body { width: 100%; }
.cards .desc { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
mark { background: #fff3b0; color: inherit; border-radius: 2px; padding: 0 1px; }
.status, .did-you-mean { padding: 8px 14px; font-size: .85em; color: #57606a; }
.status:empty, .did-you-mean[hidden] { display: none; }
.did-you-mean button { font: inherit; color: #0969da; background: none; border: 0; padding: 0; cursor: pointer;
  text-decoration: underline; }
`;
}
