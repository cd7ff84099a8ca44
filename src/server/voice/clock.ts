/*
 * The clock a voice session runs on, injectable: epoch ms for the entries' stamps and the playout's times,
 * and its timers (pacing, silence, holds). Latencies are measured with performance.now() where they happen,
 * not with this clock.
 */

/** The clock a session runs on: epoch ms for stamps and the playout, timers for silence and pacing. */
export interface SessionClock {
  now(): number;
  after(ms: number, fn: () => void): () => void;
  every(ms: number, fn: () => void): () => void;
}

export function realClock(now: () => number = Date.now): SessionClock {
  return {
    now,
    after(ms, fn) {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
    every(ms, fn) {
      const t = setInterval(fn, ms);
      return () => clearInterval(t);
    },
  };
}
