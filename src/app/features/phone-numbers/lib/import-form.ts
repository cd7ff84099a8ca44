import { z } from 'zod';
import { phoneNumberImportRequest, type PhoneNumberImport } from '@contract/voice';
import { m } from '@/i18n';
import { browserCountry, e164Of, phoneProblem, type PhoneValue } from '@/lib/phone';

/*
 * "Import from Twilio": the contract's request schema, with the phone number as the phone input holds it
 * (the country and the text as typed, so a refused save keeps it) and the messages in the reader's
 * language (made when the check runs). The request carries E.164.
 */

export interface ImportFormValues {
  provider: 'twilio';
  phone_number: PhoneValue;
  account_sid: string;
  auth_token: string;
}

/** As the contract checks it: AC and 32 hexadecimal digits. */
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

const phoneValue = z.custom<PhoneValue>((v) => typeof v === 'object' && v !== null && 'text' in v && 'country' in v).superRefine((v, ctx) => {
  const problem = phoneProblem(v, m.numbers_import_phone());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const importFormSchema = phoneNumberImportRequest.extend({
  phone_number: phoneValue,
  account_sid: z
    .string()
    .trim()
    .regex(ACCOUNT_SID, { error: () => m.numbers_import_account_sid_invalid() }),
  auth_token: z
    .string()
    .trim()
    .min(1, { error: () => m.numbers_import_auth_token_required() }),
});

export function emptyImportForm(): ImportFormValues {
  return { provider: 'twilio', phone_number: { country: browserCountry(), text: '' }, account_sid: '', auth_token: '' };
}

/** The request, checked once more by the contract's own schema. */
export function toImportRequest(values: z.output<typeof importFormSchema>): PhoneNumberImport {
  return phoneNumberImportRequest.parse({ ...values, phone_number: e164Of(values.phone_number) ?? values.phone_number.text });
}

/** The service's field keys are the form's paths. */
export const IMPORT_FIELDS = ['phone_number', 'account_sid', 'auth_token'] as const;
export const importErrorPath = (key: string): string | null => ((IMPORT_FIELDS as readonly string[]).includes(key) ? key : null);
