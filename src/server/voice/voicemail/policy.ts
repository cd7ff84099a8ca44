import { fillPlaceholders, mergedVariables } from '../../conversations/prompt';
import type { Db } from '../../db/connect';
import type { JsonRecord } from '../../db/schema';

/*
 * What an assistant does when an answering machine answers (its hosted fields): with `voice_mail_message`, speak it
 * after the beep and hang up; with `end_call_on_voicemail` and no message, hang up at once; with neither, go on as
 * with a person (the call still ends as a voicemail). Read for the call's start, placeholders filled from the
 * call's variables over the assistant's.
 */

export interface VoicemailPolicy {
  /** The message, placeholders filled; null without one. */
  message: string | null;
  hangUp: boolean;
  /** The assistant places calls (type outbound): its web calls test this behaviour. */
  outboundAssistant: boolean;
}

export async function voicemailPolicy(db: Db, assistantId: number, variables: JsonRecord): Promise<VoicemailPolicy | null> {
  const a = await db.selectFrom('assistants').select(['type', 'voice_mail_message', 'end_call_on_voicemail', 'variables']).where('id', '=', assistantId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!a) return null;
  const message = fillPlaceholders(a.voice_mail_message ?? '', mergedVariables(variables, a.variables)).trim();
  return { message: message === '' ? null : message, hangUp: a.end_call_on_voicemail, outboundAssistant: a.type === 'outbound' };
}
