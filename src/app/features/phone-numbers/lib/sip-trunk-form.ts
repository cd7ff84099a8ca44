import { z } from 'zod';
import {
  SIP_CALLING_FORMATS,
  SIP_LIMITS,
  SIP_USERNAME_PATTERN,
  isIpOrRange,
  isSipHost,
  sipPhoneNumberError,
  sipTrunkTypeOf,
  type CreateSipTrunkRequest,
  type SipCallingFormat,
  type SipInboundAuthorizationType,
  type SipTrunk,
  type SipTrunkType,
  type UpdateSipTrunkRequest,
} from '@contract/sip-trunks';
import { m } from '@/i18n';

/*
 * The SIP trunk form: the contract's rules with the messages in the reader's language (made when the check
 * runs), the address list as the textarea holds it (one per line), and the request built from it: every field
 * on create, only what changed on edit (the password only when a new one is typed).
 */

export interface SipTrunkFormValues {
  sip_trunk_type: SipTrunkType;
  phone_number: string;
  country_code: string;
  sip_username: string;
  sip_password: string;
  sip_address: string;
  sip_calling_format: SipCallingFormat;
  outbound_proxy: boolean;
  inbound_authorization_type: SipInboundAuthorizationType;
  /** One address or CIDR range per line (commas and spaces separate too). */
  allowed_inbound_ips: string;
}

/** The service's field keys are the form's paths; `allowed_inbound_ips.N` lands on the list. */
export const SIP_TRUNK_FORM_FIELDS = [
  'sip_trunk_type',
  'phone_number',
  'country_code',
  'sip_username',
  'sip_password',
  'sip_address',
  'sip_calling_format',
  'outbound_proxy',
  'inbound_authorization_type',
  'allowed_inbound_ips',
] as const;

export function ipList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form's schema; on edit (`passwordOptional`) an empty password keeps the stored one. */
export function sipTrunkFormSchema({ passwordOptional }: { passwordOptional: boolean }) {
  return z
    .object({
      sip_trunk_type: z.enum(['extension', 'number']),
      phone_number: z.string().trim(),
      country_code: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, { error: () => m.numbers_sip_country_invalid() }),
      sip_username: z
        .string()
        .trim()
        .min(SIP_LIMITS.usernameMin)
        .max(SIP_LIMITS.usernameMax)
        .regex(SIP_USERNAME_PATTERN, { error: () => m.numbers_sip_username_invalid() }),
      sip_password: passwordOptional
        ? z.string().refine((v) => v === '' || v.length >= SIP_LIMITS.passwordMin, { error: () => m.common_validation_too_short({ minimum: String(SIP_LIMITS.passwordMin) }) }).pipe(z.string().max(SIP_LIMITS.passwordMax))
        : z.string().min(SIP_LIMITS.passwordMin).max(SIP_LIMITS.passwordMax),
      sip_address: z
        .string()
        .trim()
        .refine(isSipHost, { error: () => m.numbers_sip_address_invalid() }),
      sip_calling_format: z.enum(SIP_CALLING_FORMATS),
      outbound_proxy: z.boolean(),
      inbound_authorization_type: z.enum(['auth', 'ip']),
      allowed_inbound_ips: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.phone_number === '') {
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message: m.common_validation_required() });
      } else if (sipPhoneNumberError(v.sip_trunk_type, v.phone_number)) {
        const message = v.sip_trunk_type === 'extension' ? m.numbers_sip_extension_invalid() : m.numbers_sip_number_invalid();
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message });
      }
      if (v.inbound_authorization_type !== 'ip') return;
      const ips = ipList(v.allowed_inbound_ips);
      if (ips.length === 0) ctx.addIssue({ code: 'custom', path: ['allowed_inbound_ips'], message: m.numbers_sip_ips_required() });
      const bad = ips.find((ip) => !isIpOrRange(ip));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', path: ['allowed_inbound_ips'], message: m.numbers_sip_ip_invalid({ value: bad }) });
    });
}
export type SipTrunkFormOutput = z.output<ReturnType<typeof sipTrunkFormSchema>>;

export function emptySipTrunkForm(): SipTrunkFormValues {
  return {
    sip_trunk_type: 'number',
    phone_number: '',
    country_code: 'DE',
    sip_username: '',
    sip_password: '',
    sip_address: '',
    sip_calling_format: '+e164',
    outbound_proxy: false,
    inbound_authorization_type: 'auth',
    allowed_inbound_ips: '',
  };
}

const asFormat = (v: string): SipCallingFormat => ((SIP_CALLING_FORMATS as readonly string[]).includes(v) ? (v as SipCallingFormat) : '+e164');

/** A stored trunk as the edit form starts from it (the password empty: it is never sent back). */
export function sipTrunkToForm(t: SipTrunk): SipTrunkFormValues {
  return {
    sip_trunk_type: sipTrunkTypeOf(t),
    phone_number: t.phone_number ?? '',
    country_code: t.country_code ?? '',
    sip_username: t.sip_username ?? '',
    sip_password: '',
    sip_address: t.sip_address ?? '',
    sip_calling_format: asFormat(t.sip_calling_format),
    outbound_proxy: t.outbound_proxy,
    inbound_authorization_type: t.inbound_authorization_type === 'ip' ? 'ip' : 'auth',
    allowed_inbound_ips: (t.allowed_inbound_ips ?? []).join('\n'),
  };
}

export function formToCreateSipTrunk(v: SipTrunkFormOutput): CreateSipTrunkRequest {
  return {
    sip_trunk_type: v.sip_trunk_type,
    phone_number: v.phone_number,
    sip_username: v.sip_username,
    sip_password: v.sip_password,
    sip_address: v.sip_address,
    sip_calling_format: v.sip_calling_format,
    inbound_authorization_type: v.inbound_authorization_type,
    ...(v.inbound_authorization_type === 'ip' ? { allowed_inbound_ips: ipList(v.allowed_inbound_ips) } : {}),
    country_code: v.country_code.toUpperCase(),
    outbound_proxy: v.outbound_proxy,
  };
}

/** Only what differs from the trunk as loaded; the address list goes with a switch to ip, as the service needs it. */
export function formToUpdateSipTrunk(base: SipTrunkFormValues, v: SipTrunkFormOutput): UpdateSipTrunkRequest {
  const out: UpdateSipTrunkRequest = {};
  if (v.sip_trunk_type !== base.sip_trunk_type) out.sip_trunk_type = v.sip_trunk_type;
  if (v.phone_number !== base.phone_number.trim()) out.phone_number = v.phone_number;
  if (v.country_code.toUpperCase() !== base.country_code.trim().toUpperCase()) out.country_code = v.country_code.toUpperCase();
  if (v.sip_username !== base.sip_username.trim()) out.sip_username = v.sip_username;
  if (v.sip_password !== '') out.sip_password = v.sip_password;
  if (v.sip_address !== base.sip_address.trim()) out.sip_address = v.sip_address;
  if (v.sip_calling_format !== base.sip_calling_format) out.sip_calling_format = v.sip_calling_format;
  if (v.outbound_proxy !== base.outbound_proxy) out.outbound_proxy = v.outbound_proxy;
  if (v.inbound_authorization_type !== base.inbound_authorization_type) out.inbound_authorization_type = v.inbound_authorization_type;
  const ips = ipList(v.allowed_inbound_ips);
  if (v.inbound_authorization_type === 'ip' && (out.inbound_authorization_type !== undefined || ips.join('\n') !== ipList(base.allowed_inbound_ips).join('\n'))) {
    out.allowed_inbound_ips = ips;
  }
  return out;
}

/** A server key `allowed_inbound_ips.2` shows on the list's field. */
export function sipTrunkErrorPath(key: string): string | null {
  const top = key.split('.')[0] ?? key;
  return (SIP_TRUNK_FORM_FIELDS as readonly string[]).includes(top) ? top : null;
}
