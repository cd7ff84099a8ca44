import { z } from 'zod';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { rowsToObject, variableText, type VariableRow } from '@/lib/variables';
import { e164Of, phoneProblem, type CountryCode, type PhoneValue } from '@/lib/phone';

/*
 * The test call and simulated call forms: a phone number as typed (with its country) and the call's
 * variables as rows. Requests carry E.164; the service's error keys map back onto the fields.
 */

export interface TestCallValues {
  phone: PhoneValue;
  variables: VariableRow[];
  /** Who the caller is, for the model that plays them (our extension); '' for none. */
  persona: string;
}

export interface SimulateCallValues {
  from: PhoneValue;
  persona: string;
}

export const VARIABLE_KEY_MAX = 255;
/** The longest caller persona the service takes. */
export const PERSONA_MAX = 2000;

const persona = z.string().refine((v) => v.trim().length <= PERSONA_MAX, {
  error: () => m.testcall_persona_too_long({ max: formatNumber(PERSONA_MAX) }),
});

/** The request's `persona`: the text trimmed, left out when empty. */
function personaField(text: string): { persona?: string } {
  const trimmed = text.trim();
  return trimmed === '' ? {} : { persona: trimmed };
}

/** `field`: the number's name in the message, read when the form validates (the reader's language). */
const phoneValue = (field: () => string) =>
  z.custom<PhoneValue>((v) => typeof v === 'object' && v !== null && 'text' in v && 'country' in v).superRefine((v, ctx) => {
    const problem = phoneProblem(v, field());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const variableRows = z.array(z.object({ key: z.string(), value: z.string(), existing: z.boolean().optional() })).superRefine((rows, ctx) => {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '') {
      if (row.value !== '') ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.testcall_variable_name_required() });
      return;
    }
    if (key.length > VARIABLE_KEY_MAX) {
      ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.testcall_variable_name_too_long({ max: formatNumber(VARIABLE_KEY_MAX, { useGrouping: false }) }) });
    }
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.testcall_variable_duplicate({ key }) });
    seen.add(key);
  });
});

export const testCallSchema = z.object({ phone: phoneValue(m.testcall_field_phone), variables: variableRows, persona });
export const simulateCallSchema = z.object({ from: phoneValue(m.testcall_field_from), persona });

/** A new test call: the assistant's own variables as rows to change (its defaults for {{placeholders}}). */
export function emptyTestCall(country: CountryCode, assistantVariables: Record<string, unknown>): TestCallValues {
  return {
    phone: { country, text: '' },
    variables: Object.entries(assistantVariables).map(([key, value]) => ({ key, value: variableText(value) })),
    persona: '',
  };
}

/** The POST /user/make_call body of a checked form. */
export function toMakeCallRequest(values: TestCallValues, assistantId: number) {
  const variables = rowsToObject(values.variables);
  return {
    phone_number: e164Of(values.phone) ?? values.phone.text.trim(),
    assistant_id: assistantId,
    ...(Object.keys(variables).length > 0 && { variables }),
    ...personaField(values.persona),
  };
}

/** The POST /user/calls/simulate-inbound body of a checked form. */
export function toSimulateRequest(values: SimulateCallValues, phoneNumberId: number) {
  return { phone_number_id: phoneNumberId, from: e164Of(values.from) ?? values.from.text.trim(), ...personaField(values.persona) };
}

/**
 * Where a make_call error key lands: `phone_number` on the number, `persona` on the persona, `variables.plan` on the value of the
 * row holding plan (`variables` itself on the first row), anything else (`assistant_id`) above the button.
 */
export function testCallErrorPath(key: string, values: TestCallValues): string | null {
  if (key === 'phone_number') return 'phone';
  if (key === 'persona') return 'persona';
  if (key.startsWith('variables.')) {
    const name = key.slice('variables.'.length);
    const index = values.variables.findIndex((r) => r.key.trim() === name);
    return index >= 0 ? `variables.${index}.value` : null;
  }
  return null;
}

/** Where a simulate-inbound error key lands: `from` on the number, `persona` on the persona, the rest above the button. */
export function simulateErrorPath(key: string): string | null {
  return key === 'from' || key === 'persona' ? key : null;
}
