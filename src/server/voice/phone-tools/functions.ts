import type { ToolOutcome } from '../../conversations/tool-call';
import type { ChatTool } from '../../model/chat-model';
import type { VoiceTransport } from '../session-types';
import type { KeyCollection } from './keypad';
import type { PhoneToolItem, PhoneToolType } from './load';
import { dtmfTones, holdMusicBar, keysOf } from './tones';

/*
 * The hosted built-in telephone tools acting on a live call (issue 40), as functions the model is offered
 * beside the assistant's own tools and answered by the call itself (conversations/assistant-steps.ts's
 * callFunctions):
 * - dtmf_input {keys}: the assistant presses keys (a phone menu): the transport sends them beside the audio
 *   when it can (SIP), else their tones are played in the audio (Twilio, the web call).
 * - collect_keypad: the caller's keys are collected until stop_key or `timeout` seconds without a key and
 *   handed to the model as text.
 * - call_transfer: a cold transfer to phone_number (with warm_transfer, warm_transfer_message is said first).
 * - warm_call_transfer: the supervisor is rung from the chosen number and briefed with a summary the model
 *   writes, the caller hears hold music or the hold message meanwhile, then both are joined
 *   (connected_message to the caller first); when the supervisor does not answer the model is told and says so.
 * A transfer that happened ends the call `transferred`; the web call (no phone line) refuses transfers with a
 * tool result that says why, so the assistant can tell the caller.
 */

/** collect_keypad's wait for a key when the tool sets no timeout (seconds). */
export const KEYPAD_TIMEOUT_S = 10;
/** How long a supervisor's phone rings before the warm transfer gives up (seconds). */
export const SUPERVISOR_RING_S = 30;
export const NO_PHONE_LINE = 'This call has no phone line (it is a web call): it cannot be transferred. Tell the caller.';
const DEFAULT_SUMMARY = 'Summarize this call for the colleague who takes it over, in two or three sentences: who is calling, what they want, and what has been done.';

/** What the tools need of the call they act on (voice/session.ts provides it). */
export interface PhoneToolHost {
  readonly transport: VoiceTransport;
  /** Says fixed words (a transcript entry); resolves once they have been heard. */
  say(text: string): Promise<void>;
  /** Plays sound (tones, hold music) after what is queued; resolves once played. */
  play(samples: Float32Array): Promise<void>;
  /** Resolves once everything queued has been heard. */
  drained(): Promise<void>;
  /** The caller's keys, until stop_key or timeout. */
  collectKeys(options: { stopKey: string | null; timeoutMs: number }): Promise<KeyCollection>;
  /** The model's summary of the call so far, following the instructions. */
  summarize(instructions: string): Promise<string>;
  /** The call ends as handed over: an end from now on (the line's own `stop`) is the transfer. */
  handOver(): void;
  /** The handover failed: an end is what it says again. */
  handOverFailed(): void;
  readonly rate: number;
}

interface Named {
  name: string;
  item: PhoneToolItem;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const DESCRIPTIONS: Record<PhoneToolType, string> = {
  dtmf_input: 'Press keys on the phone keypad (to work a phone menu).',
  collect_keypad: 'Ask the caller to type digits on their phone keypad and receive what they typed.',
  call_transfer: 'Transfer the call to a colleague.',
  warm_call_transfer: 'Transfer the call to a supervisor after briefing them.',
};

function chatTool(name: string, item: PhoneToolItem): ChatTool {
  const description = text(item.data.description) || DESCRIPTIONS[item.type];
  if (item.type === 'dtmf_input') {
    return {
      name,
      description,
      parameters: { type: 'object', properties: { keys: { type: 'string', description: 'The keys to press, in order: digits 0-9, * and #.' } }, required: ['keys'], additionalProperties: false },
    };
  }
  return { name, description, parameters: { type: 'object', properties: {}, additionalProperties: false } };
}

export class PhoneTools {
  private readonly named: Named[];

  constructor(items: readonly PhoneToolItem[]) {
    // Two transfers to different people are two functions: call_transfer, call_transfer_2, ...
    const seen = new Map<string, number>();
    this.named = items.map((item) => {
      const n = (seen.get(item.type) ?? 0) + 1;
      seen.set(item.type, n);
      return { name: n === 1 ? item.type : `${item.type}_${n}`, item };
    });
  }

  get offered(): ChatTool[] {
    return this.named.map((n) => chatTool(n.name, n.item));
  }

  answers(name: string): boolean {
    return this.named.some((n) => n.name === name);
  }

  async call(name: string, args: Record<string, unknown>, host: PhoneToolHost): Promise<ToolOutcome> {
    const t0 = performance.now();
    const found = this.named.find((n) => n.name === name);
    let out: { result: unknown; error: string | null };
    try {
      out = found ? await run(found.item, args, host) : { result: null, error: `unknown function "${name}"` };
    } catch (e) {
      out = { result: null, error: e instanceof Error ? e.message : String(e) };
    }
    return { ...out, duration_ms: Math.round(performance.now() - t0), status_code: null };
  }
}

async function run(item: PhoneToolItem, args: Record<string, unknown>, host: PhoneToolHost): Promise<{ result: unknown; error: string | null }> {
  const d = item.data;
  switch (item.type) {
    case 'dtmf_input': {
      const keys = keysOf(text(args.keys));
      if (keys === '') return { result: null, error: 'No keys to press: give digits 0-9, * or #.' };
      // Words said before the keys are heard first (a menu listens for the tones).
      await host.drained();
      if (host.transport.sendDigits) await host.transport.sendDigits(keys);
      else await host.play(dtmfTones(keys, host.rate));
      return { result: { pressed: keys }, error: null };
    }
    case 'collect_keypad': {
      const timeout = Number(d.timeout);
      const stopKey = text(d.stop_key) || null;
      const got = await host.collectKeys({ stopKey, timeoutMs: (Number.isFinite(timeout) && timeout > 0 ? timeout : KEYPAD_TIMEOUT_S) * 1000 });
      return { result: got, error: null };
    }
    case 'call_transfer':
      return coldTransfer(item, host);
    case 'warm_call_transfer':
      return warmTransfer(item, host);
  }
}

async function coldTransfer(item: PhoneToolItem, host: PhoneToolHost): Promise<{ result: unknown; error: string | null }> {
  const phone = host.transport.phone;
  const to = text(item.data.phone_number);
  if (!phone) return { result: null, error: NO_PHONE_LINE };
  const message = item.data.warm_transfer === true ? text(item.data.warm_transfer_message) : '';
  if (message !== '') await host.say(message);
  await host.drained();
  host.handOver();
  try {
    await phone.transfer(to, { callerId: phone.lineNumber || null });
  } catch (e) {
    host.handOverFailed();
    return { result: null, error: `The transfer failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { result: { transferred: true, to, kind: 'cold' }, error: null };
}

function callerIdOf(item: PhoneToolItem, phoneCaller: string): string | null {
  const mode = text(item.data.caller_id_mode) || 'outbound_number';
  if (mode === 'customer_number') return phoneCaller || null;
  if (mode === 'custom') return text(item.data.custom_caller_id) || null;
  return item.outboundNumber ?? null;
}

async function warmTransfer(item: PhoneToolItem, host: PhoneToolHost): Promise<{ result: unknown; error: string | null }> {
  const d = item.data;
  const phone = host.transport.phone;
  if (!phone) return { result: null, error: NO_PHONE_LINE };
  const sip = text(d.custom_sip);
  const to = text(d.supervisor_phone) || (phone.dialsSip ? sip : '');
  // A SIP address needs a SIP line (PhoneLine.dialsSip); a telephone line dials numbers.
  if (to === '') return { result: null, error: 'This transfer goes to a SIP address, which this line cannot call. Tell the caller the transfer is not possible.' };
  if (item.outboundNumber === null || item.outboundNumber === undefined) return { result: null, error: 'The transfer\'s outbound number is not one of this account\'s numbers: it cannot be made.' };
  const from = callerIdOf(item, phone.callerNumber);
  if (!from) return { result: null, error: 'The transfer has no caller ID to call from.' };

  const summary = await host.summarize(text(d.summary_instructions) || DEFAULT_SUMMARY);
  const briefing = [text(d.briefing_initial_message), summary].filter((s) => s !== '').join(' ');
  const leg = await phone.callSupervisor({ to, from, briefing, ringSeconds: SUPERVISOR_RING_S });

  // The caller waits: the hold message, or hold music bar by bar until the supervisor's phone has an answer.
  let waiting = true;
  const holdMessage = text(d.hold_message);
  const music = text(d.hold_music);
  const volume = Number.isFinite(Number(d.hold_music_volume)) && d.hold_music_volume !== undefined ? Number(d.hold_music_volume) : 50;
  const hold = (async () => {
    if (holdMessage !== '') await host.say(holdMessage);
    // Note by note (half a second each), so the music stops soon after the supervisor's phone has an answer.
    const note = host.rate / 2;
    for (let bar = 0; waiting && music !== '' && music !== 'none'; bar++) {
      const samples = holdMusicBar(bar, host.rate, volume);
      for (let at = 0; waiting && at < samples.length; at += note) await host.play(samples.subarray(at, at + note));
    }
  })();
  const answered = await leg.answered;
  waiting = false;
  await hold;
  if (!answered) {
    await leg.cancel().catch(() => undefined);
    return { result: { transferred: false, to, reason: 'The supervisor did not answer. Tell the caller, and offer what else you can do.' }, error: null };
  }
  const connected = text(d.connected_message);
  if (connected !== '') await host.say(connected);
  await host.drained();
  host.handOver();
  try {
    await leg.join();
  } catch (e) {
    host.handOverFailed();
    await leg.cancel().catch(() => undefined);
    return { result: null, error: `The transfer failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { result: { transferred: true, to, kind: 'warm', briefing }, error: null };
}
