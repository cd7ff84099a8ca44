import { resample } from '../audio/pcm';
import type { SpeechSource } from '../speech/speech';
import { PIPELINE_RATE, type PhoneLine, type SupervisorLeg } from '../voice/session-types';
import type { SipEndpoint } from './endpoint';
import type { RtpMedia } from './rtp-media';
import { dialledNumber } from './trunks';

/*
 * Transfers on a SIP call (voice/phone-tools/ asks through the transport's PhoneLine; Twilio's counterpart is
 * telephony/twilio/line.ts), through Kamailio and the trunk's carrier:
 * - cold: REFER of the caller's dialog, Refer-To sip:<number as the trunk's sip_calling_format wants it>@<the
 *   trunk's sip_address>; accepted (2xx) the tool has handed the call over and the session ends it (BYE).
 *   The NOTIFYs that follow (sipfrag) are answered 200 and not waited for: the carrier has taken the call.
 * - warm: a second INVITE through the trunk (SipEndpoint.dial, the path of outbound calls) to the supervisor,
 *   the briefing said into that leg's RTP once they answer; `join` REFERs the caller to the supervisor's leg
 *   with Replaces (RFC 3891, the attended transfer of RFC 5589): the carrier calls the supervisor's phone with
 *   an INVITE that replaces our leg, so the supervisor stays on the line they answered and hears the caller.
 *   Chosen over a REFER to the bare number (the supervisor would be rung a second time) and over bridging the
 *   two legs' RTP here (the service would carry the rest of the call's audio).
 */

export interface SipTrunkLine {
  id: number;
  sipAddress: string;
  callingFormat: string | null;
  countryCode: string | null;
}

/** Says text (the briefing) as PIPELINE_RATE samples; absent: the supervisor's leg hears no briefing. */
export type SpeakText = (text: string) => Promise<Float32Array>;

const PIPELINE_SAMPLES_PER_MS = PIPELINE_RATE / 1000;

/** A briefing in the process's speech (a TTS endpoint or eSpeak NG), the assistant's default voice. */
export function speakWith(speech: SpeechSource, language = 'en'): SpeakText {
  return async (text) => resample(await speech.synthesize({ text, language, voice: 'assistant' }), PIPELINE_RATE).samples;
}

/** `sip:user@host` (custom_sip) as is; a number through the trunk, formatted for its carrier. */
function targetOf(to: string, trunk: SipTrunkLine): { user: string; host: string } {
  const sip = /^sips?:([^@]+)@([^;?>]+)/i.exec(to);
  if (sip) return { user: sip[1]!, host: sip[2]! };
  return { user: dialledNumber(to, trunk.callingFormat, trunk.countryCode), host: trunk.sipAddress };
}

export function sipPhoneLine(endpoint: SipEndpoint, call: { providerCallId: string; callerNumber: string; lineNumber: string }, trunk: SipTrunkLine, speak?: SpeakText): PhoneLine {
  const referred = async (target: string) => {
    const status = await endpoint.refer(call.providerCallId, target);
    if (status < 200 || status >= 300) throw new Error(`the carrier refused the transfer (SIP ${status})`);
  };
  return {
    callerNumber: call.callerNumber,
    lineNumber: call.lineNumber,
    dialsSip: true,
    async transfer(to) {
      const { user, host } = targetOf(to, trunk);
      await referred(`sip:${user}@${host}`);
    },
    async callSupervisor({ to, from, briefing, ringSeconds }): Promise<SupervisorLeg> {
      const { user, host } = targetOf(to, trunk);
      let briefed: Promise<void> = Promise.resolve();
      const say = async (media: RtpMedia) => {
        if (!speak || briefing === '') return;
        const samples = await speak(briefing);
        media.transport.sendAudio(samples);
        // Joined once the briefing has been heard (it plays in real time).
        await new Promise((r) => setTimeout(r, samples.length / PIPELINE_SAMPLES_PER_MS + 200));
      };
      const placed = await endpoint.dial({
        to: user,
        host,
        from: from.replace(/^\+/, ''),
        fromHost: trunk.sipAddress,
        trunkId: trunk.id,
        ringMs: ringSeconds * 1000,
        onAnswer: (media) => {
          briefed = say(media).catch((e: unknown) => console.error(`SIP transfer: the briefing was not said: ${e instanceof Error ? e.message : String(e)}`));
          return Promise.resolve('leg' as const);
        },
      });
      const answered = placed.outcome.then((o) => o.result === 'answered');
      return {
        answered,
        async join() {
          await briefed;
          const tags = endpoint.tagsOf(placed.callId);
          if (!tags) throw new Error('the supervisor hung up');
          const replaces = encodeURIComponent(`${placed.callId};to-tag=${tags.remote};from-tag=${tags.local}`);
          await referred(`sip:${user}@${host}?Replaces=${replaces}`);
        },
        async cancel() {
          if (!endpoint.cancelDial(placed.callId)) await endpoint.bye(placed.callId);
        },
      };
    },
  };
}
