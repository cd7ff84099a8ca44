import type { SessionClock } from '../clock';
import { DTMF_KEY } from './tones';

/*
 * The caller's keys on a live call (Twilio's `dtmf`, the web call's keypad, SIP's RFC 4733 events), one at a
 * time as they come. While collect_keypad waits they are its; otherwise they gather into one keypress turn:
 * `#` ends it at once, else a pause of KEYS_PAUSE_MS does (a caller types a number key by key).
 */

/** After the last key, how long a keypress turn waits for more. */
export const KEYS_PAUSE_MS = 1_500;
const TURN_END_KEY = '#';

/** What collect_keypad hands the model. */
export interface KeyCollection {
  /** The keys typed, in order, without the stop key. */
  digits: string;
  ended_by: 'stop_key' | 'timeout';
}

interface Collector {
  stopKey: string | null;
  timeoutMs: number;
  keys: string;
  stopTimer: () => void;
  resolve: (got: KeyCollection) => void;
}

export class Keypad {
  private pending = '';
  private pauseTimer: (() => void) | null = null;
  private collector: Collector | null = null;

  constructor(
    private readonly clock: SessionClock,
    /** A keypress turn is complete (not while collect_keypad has the keys). */
    private readonly onKeys: (keys: string) => void,
  ) {}

  /** A key pressed; anything but 0-9, *, #, A-D is ignored. */
  press(key: string): void {
    const k = key.toUpperCase();
    if (!DTMF_KEY.test(k)) return;
    if (this.collector) {
      this.addToCollection(k);
      return;
    }
    this.pending += k;
    this.pauseTimer?.();
    this.pauseTimer = null;
    if (k === TURN_END_KEY) this.flush();
    else this.pauseTimer = this.clock.after(KEYS_PAUSE_MS, () => this.flush());
  }

  /** The keys of a turn not yet handed over (called again when the assistant could not take them). */
  flush(): void {
    this.pauseTimer?.();
    this.pauseTimer = null;
    if (this.pending === '') return;
    const keys = this.pending;
    this.pending = '';
    this.onKeys(keys);
  }

  /** collect_keypad: keys until `stopKey` or `timeoutMs` without a key; keys typed just before count too. */
  collect(options: { stopKey: string | null; timeoutMs: number }): Promise<KeyCollection> {
    // A second collection (two calls in one step) takes over: the first ends with what it has.
    if (this.collector) this.finishCollecting('timeout');
    const earlier = this.pending;
    this.pending = '';
    this.pauseTimer?.();
    this.pauseTimer = null;
    return new Promise<KeyCollection>((resolve) => {
      this.collector = { stopKey: options.stopKey, timeoutMs: options.timeoutMs, keys: '', stopTimer: () => undefined, resolve };
      this.armCollector();
      for (const k of earlier) if (this.collector) this.addToCollection(k);
    });
  }

  private addToCollection(key: string): void {
    const c = this.collector;
    if (!c) return;
    if (c.stopKey !== null && key === c.stopKey) {
      this.finishCollecting('stop_key');
      return;
    }
    c.keys += key;
    this.armCollector();
  }

  /** The call ends: a collection under way ends with what it has. */
  close(): void {
    this.pauseTimer?.();
    this.pauseTimer = null;
    if (this.collector) this.finishCollecting('timeout');
  }

  private armCollector(): void {
    const c = this.collector;
    if (!c) return;
    c.stopTimer();
    c.stopTimer = this.clock.after(c.timeoutMs, () => {
      if (this.collector === c) this.finishCollecting('timeout');
    });
  }

  private finishCollecting(endedBy: KeyCollection['ended_by']): void {
    const c = this.collector;
    if (!c) return;
    c.stopTimer();
    this.collector = null;
    c.resolve({ digits: c.keys, ended_by: endedBy });
  }
}
