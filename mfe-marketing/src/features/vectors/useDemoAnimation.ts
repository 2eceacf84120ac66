import { useEffect, useState } from 'react';
import {
  DEMO_CYCLE_MS,
  DEMO_FRAMES,
  DEMO_QUERY,
  IDLE_FRAME,
  RESET_AFTER_LAST_STEP_MS,
  STEP_DELAYS_MS,
  type DemoFrame,
} from './demo-script';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The demo's current frame. Render starts (and the server pre-renders) on the idle frame; the
 * timers run only in the browser. With reduced motion the query appears whole instead of being
 * typed letter by letter; every other state keeps its timing.
 */
export function useDemoFrame(): DemoFrame {
  const [frame, setFrame] = useState<DemoFrame>(IDLE_FRAME);
  useEffect(() => {
    const reduced = prefersReducedMotion();
    let timers: ReturnType<typeof setTimeout>[] = [];
    const run = () => {
      timers.forEach(clearTimeout);
      timers = [];
      setFrame(IDLE_FRAME);
      let at = 0;
      DEMO_FRAMES.forEach((f, i) => {
        at += STEP_DELAYS_MS[i];
        if (reduced && f.status === 'typing' && f.query !== DEMO_QUERY) return;
        timers.push(setTimeout(() => setFrame(f), at));
      });
      timers.push(setTimeout(() => setFrame(IDLE_FRAME), at + RESET_AFTER_LAST_STEP_MS));
    };
    run();
    const cycle = setInterval(run, DEMO_CYCLE_MS);
    return () => {
      clearInterval(cycle);
      timers.forEach(clearTimeout);
    };
  }, []);
  return frame;
}

/** An index that moves to the next of `count` items every `intervalMs`, starting at 0. */
export function useRotatingIndex(count: number, intervalMs: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);
  return index;
}
