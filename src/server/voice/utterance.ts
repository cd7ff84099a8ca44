import type { SentenceAudio } from './playout';

/*
 * What the assistant says as one transcript entry (a reply's words, the greeting, a filler), sentence by
 * sentence as each is made and played, and how much of it was heard when it was cut.
 */

/** An assistant utterance (a reply's words, the greeting, a filler) as it is spoken. */
export class Utterance {
  readonly sentences: SentenceAudio[] = [];
  /** No more sentences will come. */
  closed = false;
  /** performance.now() of its first frame out. */
  firstAudioPerf: number | null = null;
  /** Clock ms it began to be heard. */
  startedAt: number | null = null;
  readonly id: string;
  metrics: ReplyMetrics | null = null;

  constructor(
    readonly kind: 'message' | 'filler',
    n: number,
  ) {
    this.id = `bot-${n}`;
  }

  /** Every sentence played by clock time `t`. */
  playedBy(t: number): boolean {
    return this.closed && this.sentences.every((s) => s.endAt !== null && s.endAt <= t);
  }

  /** The words heard by `t`: whole sentences, and the played share of the one cut. */
  heardText(t: number): { text: string; cut: boolean } {
    const words: string[] = [];
    let cut = !this.closed;
    for (const s of this.sentences) {
      const share = s.playedShare(t);
      const all = s.text.split(/\s+/).filter((w) => w !== '');
      if (share >= 1) {
        words.push(...all);
        continue;
      }
      cut = true;
      words.push(...all.slice(0, Math.floor(all.length * share)));
      break;
    }
    return { text: words.join(' '), cut };
  }

  get text(): string {
    return this.sentences.map((s) => s.text).join(' ');
  }
}

export interface ReplyMetrics {
  /** performance.now() of the caller's last voiced frame arriving. */
  speechEndPerf: number;
  endpointingMs: number;
  sttMs: number;
  llmMs: number | null;
  ttsMs: number | null;
}
