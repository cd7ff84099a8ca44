/* The TwiML the voice webhook answers with (Content-Type text/xml). */

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A bidirectional media stream; `<Parameter>`s come back in the stream's `start.customParameters`. */
export function streamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect></Response>`;
}

/** Says the text and hangs up (no assistant answers the number, or the service cannot hear). */
export function sayAndHangUpTwiml(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${escapeXml(text)}</Say><Hangup/></Response>`;
}

/** A cold transfer: the call dials the number (from callerId when given; Twilio's default is the caller's). */
export function dialTwiml(to: string, callerId: string | null): string {
  const from = callerId ? ` callerId="${escapeXml(callerId)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Dial${from}><Number>${escapeXml(to)}</Number></Dial></Response>`;
}

/**
 * A leg of a warm transfer in its conference room: `say` is said to it first (the supervisor's briefing). The
 * supervisor's leg ends the room when it leaves; the caller's, joining last, starts it.
 */
export function conferenceTwiml(room: string, options: { say?: string; endOnExit: boolean }): string {
  const say = options.say ? `<Say>${escapeXml(options.say)}</Say>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${say}<Dial><Conference beep="false" startConferenceOnEnter="true" endConferenceOnExit="${options.endOnExit}">${escapeXml(room)}</Conference></Dial></Response>`;
}
