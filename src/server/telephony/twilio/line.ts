import type { PhoneLine, SupervisorLeg } from '../../voice/session-types';
import type { ProviderCredentials } from '../provider';
import { createTwilioLeg, fetchTwilioCallStatus, updateTwilioCall, type TwilioRestOptions } from './rest';
import { conferenceTwiml, dialTwiml } from './twiml';

/*
 * Transfers on a Twilio call (voice/phone-tools/ asks, through the transport's PhoneLine), with Twilio's REST
 * API only: a cold transfer updates the live call with `<Dial><Number>` (its media stream ends and Twilio
 * dials); a warm transfer creates the supervisor's leg with TwiML that says the briefing and puts them in a
 * conference room named for the call, watches the leg's status until it answers or gives up, and then
 * updates the caller's call into the same room.
 */

/** How often a ringing supervisor's leg is looked at. */
const POLL_MS = 250;
const ANSWERED = new Set(['in-progress']);
const UNANSWERED = new Set(['busy', 'no-answer', 'failed', 'canceled', 'completed']);

export function twilioLine(rest: TwilioRestOptions, credentials: ProviderCredentials, call: { sid: string; callerNumber: string; lineNumber: string }): PhoneLine {
  return {
    callerNumber: call.callerNumber,
    lineNumber: call.lineNumber,
    async transfer(to, options) {
      await updateTwilioCall(rest, credentials, call.sid, { Twiml: dialTwiml(to, options.callerId) });
    },
    async callSupervisor({ to, from, briefing, ringSeconds }): Promise<SupervisorLeg> {
      const room = `transfer-${call.sid}`;
      const leg = await createTwilioLeg(rest, credentials, { to, from, twiml: conferenceTwiml(room, { say: briefing, endOnExit: true }), timeout: ringSeconds });
      const deadline = Date.now() + (ringSeconds + 10) * 1000;
      const answered = (async () => {
        for (;;) {
          const status = await fetchTwilioCallStatus(rest, credentials, leg.sid).catch(() => '');
          if (ANSWERED.has(status)) return true;
          if (UNANSWERED.has(status) || Date.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      })();
      return {
        answered,
        join: () => updateTwilioCall(rest, credentials, call.sid, { Twiml: conferenceTwiml(room, { endOnExit: false }) }),
        cancel: () => updateTwilioCall(rest, credentials, leg.sid, { Status: 'completed' }),
      };
    },
  };
}
