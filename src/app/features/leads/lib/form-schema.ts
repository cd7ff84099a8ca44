import { z } from 'zod';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { LEAD_STATUSES, type CreateLeadRequest, type Lead, type UpdateLeadRequest } from '@contract/lead';
import { VARIABLE_KEY_MAX } from './csv-mapping';
import { rowsToObject, variableText, type VariableRow } from '@/lib/variables';
import { e164Of, phoneProblem, phoneValueFromE164, type CountryCode, type PhoneValue } from '@/lib/phone';

/*
 * The lead forms' values, their checks (in the service's words, in the reader's language: every message
 * is made when the check runs, so it follows the language in use), and the requests built from them.
 * Phone numbers stay as typed (with their country) in the form, so a failed save keeps them; the request
 * carries E.164.
 */

export interface LeadFormValues {
  campaign_id: number | null;
  phone: PhoneValue;
  customer_name: string;
  email: string;
  variables: VariableRow[];
  secondary_contacts: { phone: PhoneValue; variables: VariableRow[] }[];
  allow_duplicate: boolean;
}

export const SECONDARY_CONTACTS_MAX = 20;
export const RESERVED_KEYS = ['customer_name', 'email'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const phoneValue = z.custom<PhoneValue>((v) => typeof v === 'object' && v !== null && 'text' in v && 'country' in v).superRefine((v, ctx) => {
  const problem = phoneProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

function variableRows(reserved: readonly string[]) {
  return z.array(z.object({ key: z.string(), value: z.string(), existing: z.boolean().optional() })).superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      const key = row.key.trim();
      if (key === '') {
        if (row.value !== '') ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.leads_form_variable_name_required() });
        return;
      }
      if (key.length > VARIABLE_KEY_MAX)
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.leads_form_variable_name_too_long({ max: formatNumber(VARIABLE_KEY_MAX) }) });
      if (reserved.includes(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'key'],
          message: m.leads_form_variable_reserved({ field: key === 'email' ? m.leads_field_email() : m.leads_field_customer_name(), key }),
        });
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: m.leads_form_variable_duplicate({ key }) });
      else seen.set(key, i);
    });
  });
}

/** The lead's campaign: chosen (the form holds null until then). */
const chosenCampaign = () => z.number().nullable().refine((v) => v !== null, { error: () => m.leads_form_campaign_required() });

export const leadFormSchema = z.object({
  campaign_id: chosenCampaign(),
  phone: phoneValue,
  customer_name: z.string().max(10_000, { error: () => m.leads_form_customer_name_too_long() }),
  email: z.string().refine((v) => v.trim() === '' || EMAIL.test(v.trim()), { error: () => m.leads_form_email_invalid() }),
  variables: variableRows(RESERVED_KEYS),
  secondary_contacts: z
    .array(z.object({ phone: phoneValue, variables: variableRows([]) }))
    .max(SECONDARY_CONTACTS_MAX, { error: () => m.leads_form_secondary_max({ max: formatNumber(SECONDARY_CONTACTS_MAX) }) }),
  allow_duplicate: z.boolean(),
});

export function emptyLeadForm(country: CountryCode, campaignId: number | null): LeadFormValues {
  return {
    campaign_id: campaignId,
    phone: { country, text: '' },
    customer_name: '',
    email: '',
    variables: [],
    secondary_contacts: [],
    allow_duplicate: false,
  };
}

/** The POST /user/lead body of a checked form. */
export function toCreateLeadRequest(values: LeadFormValues): CreateLeadRequest {
  const variables: Record<string, string> = {};
  if (values.customer_name.trim() !== '') variables.customer_name = values.customer_name.trim();
  if (values.email.trim() !== '') variables.email = values.email.trim();
  Object.assign(variables, rowsToObject(values.variables));
  const contacts = values.secondary_contacts.map((c) => {
    const vars = rowsToObject(c.variables);
    return { phone_number: e164Of(c.phone) ?? c.phone.text, ...(Object.keys(vars).length > 0 && { variables: vars }) };
  });
  return {
    phone_number: e164Of(values.phone) ?? values.phone.text,
    campaign_id: values.campaign_id ?? 0,
    ...(Object.keys(variables).length > 0 && { variables }),
    ...(values.allow_duplicate && { allow_dupplicate: true }),
    ...(contacts.length > 0 && { secondary_contacts: contacts }),
  };
}

/**
 * The service's error keys on the create form's fields: `phone_number` -> `phone`,
 * `secondary_contacts.0.phone_number` -> `secondary_contacts.0.phone`, `variables.email` -> `email`,
 * `variables.plan` -> the row holding plan.
 */
export function createFormErrorPath(key: string, values: LeadFormValues): string | null {
  if (key === 'phone_number') return 'phone';
  if (key === 'campaign_id') return 'campaign_id';
  if (key === 'allow_dupplicate') return 'allow_duplicate';
  if (key === 'variables.customer_name') return 'customer_name';
  if (key === 'variables.email') return 'email';
  let m = /^variables\.(.+)$/.exec(key);
  if (m) {
    const i = values.variables.findIndex((r) => r.key.trim() === m![1]);
    return i >= 0 ? `variables.${i}.value` : null;
  }
  m = /^secondary_contacts\.(\d+)\.phone_number$/.exec(key);
  if (m) return `secondary_contacts.${m[1]}.phone`;
  m = /^secondary_contacts\.(\d+)\.variables\.(.+)$/.exec(key);
  if (m) {
    const contact = values.secondary_contacts[Number(m[1])];
    const i = contact ? contact.variables.findIndex((r) => r.key.trim() === m![2]) : -1;
    return i >= 0 ? `secondary_contacts.${m[1]}.variables.${i}.value` : null;
  }
  return null;
}

// ---- edit ----

export interface LeadEditValues {
  campaign_id: number | null;
  phone: PhoneValue;
  status: string;
  variables: VariableRow[];
}

export const leadEditSchema = z.object({
  campaign_id: chosenCampaign(),
  phone: phoneValue,
  status: z.string().min(1, { error: () => m.leads_form_status_required() }),
  variables: variableRows([]),
});

export function leadEditValues(lead: Lead, fallbackCountry: CountryCode): LeadEditValues {
  return {
    campaign_id: lead.campaign_id ?? lead.campaign?.id ?? null,
    phone: phoneValueFromE164(lead.phone_number, fallbackCountry),
    status: lead.status,
    variables: Object.entries(lead.variables).map(([key, value]) => ({ key, value: variableText(value), existing: true })),
  };
}

/** The statuses offered: the documented ones, and the lead's own when the service sent another. */
export function statusOptions(current: string): string[] {
  const known: readonly string[] = LEAD_STATUSES;
  return current !== '' && !known.includes(current) ? [...known, current] : [...known];
}

/**
 * The PUT body: only what changed. Variables are merged by the service, so only new and changed keys
 * are sent; a key cannot be removed.
 */
export function toUpdateLeadRequest(values: LeadEditValues, lead: Lead): UpdateLeadRequest {
  const body: UpdateLeadRequest = {};
  const campaignId = lead.campaign_id ?? lead.campaign?.id ?? null;
  if (values.campaign_id !== null && values.campaign_id !== campaignId) body.campaign_id = values.campaign_id;
  const e164 = e164Of(values.phone);
  if (e164 !== null && e164 !== lead.phone_number) body.phone_number = e164;
  if (values.status !== lead.status) body.status = values.status as UpdateLeadRequest['status'];
  const variables: Record<string, string> = {};
  for (const row of values.variables) {
    const key = row.key.trim();
    if (key === '') continue;
    const before = Object.prototype.hasOwnProperty.call(lead.variables, key) ? variableText(lead.variables[key]) : undefined;
    if (before !== row.value) variables[key] = row.value;
  }
  if (Object.keys(variables).length > 0) body.variables = variables;
  return body;
}

export function editFormErrorPath(key: string, values: LeadEditValues): string | null {
  if (key === 'phone_number') return 'phone';
  if (key === 'campaign_id' || key === 'status') return key;
  const m = /^variables\.(.+)$/.exec(key);
  if (m) {
    const i = values.variables.findIndex((r) => r.key.trim() === m[1]);
    return i >= 0 ? `variables.${i}.value` : null;
  }
  return null;
}
