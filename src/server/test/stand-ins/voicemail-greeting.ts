/*
 * The model stand-in's answer to the voicemail detector's question (voice/voicemail/classifier.ts asks with the
 * schema named GREETING_SCHEMA_NAME there, written out here for the reason judge.ts gives): who said the quoted
 * words, a machine or a person. Deterministic, as a test needs: the phrases recorded greetings use in the
 * fixtures' languages make it a machine; a short answer, or one that asks the caller something, is a person;
 * anything else is not clear yet.
 */

export const VOICEMAIL_GREETING_SCHEMA_NAME = 'voicemail_greeting';

const MACHINE =
  /reached|voice ?mail|mailbox|not available|unavailable|leave (a|your|me a) message|leave your name|after the (tone|beep)|at the tone|can'?t take your call|no one is available|record your message|away from my desk|automatic voice message|office is (currently )?closed|thank you for calling|office hours|Mailbox|nicht erreichbar|Nachricht|Signalton|Piepton|Anrufbeantworter|nicht zu Hause|répondeur|laissez|laisser un message|pas disponible|buzón|mensaje|no está disponible|segreteria|messaggio|lasciate|spreek een bericht|piep|caixa postal|mensagem|sinal/i;

export function voicemailGreetingAnswer(request: { messages?: { role: string; content?: unknown }[] }): { text: string; toolCalls: never[] } {
  const user = [...(request.messages ?? [])].reverse().find((m) => m.role === 'user');
  const said = /"([\s\S]*)"/.exec(typeof user?.content === 'string' ? user.content : '')?.[1] ?? '';
  const words = said.split(/\s+/).filter(Boolean).length;
  const answeredBy = MACHINE.test(said) ? 'machine' : /[?¿]/.test(said) || words <= 4 ? 'human' : 'unsure';
  return { text: JSON.stringify({ answered_by: answeredBy }), toolCalls: [] };
}

export function isVoicemailGreetingRequest(request: { response_format?: { json_schema?: { name?: string } } }): boolean {
  return request.response_format?.json_schema?.name === VOICEMAIL_GREETING_SCHEMA_NAME;
}
