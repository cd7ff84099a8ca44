import type { Db } from '../db/connect';
import type { ChatModel } from '../model/chat-model';
import type { SpeechSource } from '../speech/speech';
import type { VoiceServices } from '../live-calls/services';

export interface AuthUser {
  id: number;
  email: string;
}

export interface AppEnv {
  Variables: { user: AuthUser };
}

/** What every route module gets: the database, and the clock (tests and the call simulator move it). */
export interface Deps {
  db: Db;
  now: () => Date;
  /** The language model (model/; LLM_BASE_URL); null or absent when none is configured. */
  model?: ChatModel | null;
  /** ALLOW_PRIVATE_URLS: users' URLs (mid-call tools) may reach loopback, private and link-local addresses. */
  allowPrivateUrls?: boolean;
  /** The speech of recordings and POST /api/speech (speech/select.ts); null or absent when there is none. */
  speech?: SpeechSource | null;
  /** Live voice (web calls, telephony): the pipeline and what its sockets and webhooks need; null or absent: none. */
  voice?: VoiceServices | null;
}
