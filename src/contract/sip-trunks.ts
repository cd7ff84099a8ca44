import { z } from 'zod';
import { boolish, idish, lenientList, lenientRecord, openString, textish } from './common';
import { laxBool } from './request-fields';

/*
 * SIP trunks, as the hosted API has them (GET/POST /user/phone-numbers/sip-trunks, GET/PUT …/sip-trunks/{id},
 * released through DELETE /user/phone-numbers/{id}): a customer's carrier or PBX pointed at the service's SIP
 * address. A trunk is one of the user's phone numbers (type `sip`, type label "SIP"); its password is written,
 * never read back. Field rules from the hosted documentation and its MCP client (bekservice/Famulor-MCP).
 */

export const SIP_TRUNK_TYPES = ['extension', 'number'] as const;
export const SIP_CALLING_FORMATS = ['+e164', 'e164', 'national'] as const;
export const SIP_INBOUND_AUTHORIZATION_TYPES = ['auth', 'ip'] as const;
export type SipTrunkType = (typeof SIP_TRUNK_TYPES)[number];
export type SipCallingFormat = (typeof SIP_CALLING_FORMATS)[number];
export type SipInboundAuthorizationType = (typeof SIP_INBOUND_AUTHORIZATION_TYPES)[number];

export const SIP_LIMITS = {
  extensionMax: 15,
  usernameMin: 3,
  usernameMax: 128,
  passwordMin: 3,
  passwordMax: 128,
  addressMax: 253,
  allowedIpsMax: 50,
} as const;

export const SIP_EXTENSION_INVALID = 'The phone number field must be an extension of 1 to 15 letters, digits, *, # or -.';
export const SIP_NUMBER_INVALID = 'The phone number field must be a number in E.164 format (a + and 8 to 15 digits).';
export const SIP_ADDRESS_INVALID = 'The sip address field must be a host name or IP address without a port.';
export const SIP_USERNAME_INVALID = 'The sip username field may only contain letters, digits and . _ - + ~ ! $ & * , ; = %.';
export const SIP_IPS_REQUIRED = 'The allowed inbound ips field is required when inbound authorization type is ip.';
export const SIP_IP_INVALID = 'Each allowed inbound ip must be an IPv4 or IPv6 address, or a CIDR range.';

/*
 * Characters are limited to what a SIP URI's user part takes unescaped and what a generated Kamailio
 * configuration can hold without quoting: the trunk's extension, username and host end up in both.
 */
const EXTENSION = /^[A-Za-z0-9*#-]{1,15}$/;
const E164 = /^\+[1-9]\d{7,14}$/;
/** A SIP URI user part's characters that need no escaping nor quoting in a generated configuration. */
export const SIP_USERNAME_PATTERN = /^[A-Za-z0-9._\-+~!$&*,;=%]+$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv6 address, by the URL parser both sides have (no Node `net` in the contract). */
function isIpv6(v: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(v) || !v.includes(':')) return false;
  try {
    return new URL(`http://[${v}]/`).hostname !== '';
  } catch {
    return false;
  }
}

export function isIpAddress(v: string): boolean {
  return IPV4.test(v) || isIpv6(v);
}

/** An address or a CIDR range ("203.0.113.0/24", "2001:db8::/32"), as an allow-list entry. */
export function isIpOrRange(v: string): boolean {
  const [address = '', bits, ...rest] = v.split('/');
  if (rest.length > 0) return false;
  if (!isIpAddress(address)) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (address.includes(':') ? 128 : 32);
}

/** A host to send calls to: a DNS name, an IPv4 address, or an IPv6 address in brackets; never a port. */
export function isSipHost(v: string): boolean {
  if (v.length === 0 || v.length > SIP_LIMITS.addressMax) return false;
  if (v.startsWith('[') && v.endsWith(']')) return isIpv6(v.slice(1, -1));
  if (IPV4.test(v)) return true;
  const labels = v.replace(/\.$/, '').split('.');
  // A name of digits only would be a mistyped IPv4 address.
  if (labels.every((l) => /^\d+$/.test(l))) return false;
  return labels.every((l) => HOST_LABEL.test(l));
}

/** The trunk's number by its type: an extension, or E.164. */
export function sipPhoneNumberError(type: SipTrunkType, phone: string): string | null {
  if (type === 'extension') return EXTENSION.test(phone) ? null : SIP_EXTENSION_INVALID;
  return E164.test(phone) ? null : SIP_NUMBER_INVALID;
}

const fields = {
  sip_trunk_type: z.enum(SIP_TRUNK_TYPES),
  phone_number: z.string().trim().min(1).max(32),
  sip_username: z.string().trim().min(SIP_LIMITS.usernameMin).max(SIP_LIMITS.usernameMax).regex(SIP_USERNAME_PATTERN, SIP_USERNAME_INVALID),
  // Not trimmed: a password is what the carrier sends, spaces included.
  sip_password: z.string().min(SIP_LIMITS.passwordMin).max(SIP_LIMITS.passwordMax),
  sip_address: z
    .string()
    .trim()
    .min(1)
    .max(SIP_LIMITS.addressMax)
    .refine(isSipHost, SIP_ADDRESS_INVALID),
  sip_calling_format: z.enum(SIP_CALLING_FORMATS),
  inbound_authorization_type: z.enum(SIP_INBOUND_AUTHORIZATION_TYPES),
  allowed_inbound_ips: z
    .array(z.string().trim().refine(isIpOrRange, SIP_IP_INVALID))
    .max(SIP_LIMITS.allowedIpsMax)
    .nullable(),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'The country code field must be a two-letter ISO 3166 country code.')
    .transform((v) => v.toUpperCase()),
  outbound_proxy: laxBool(),
};

/** The rules that tie fields together, on a whole trunk (a create, or an update merged onto the stored one). */
export function sipTrunkCrossFieldErrors(t: {
  sip_trunk_type: SipTrunkType;
  phone_number: string;
  inbound_authorization_type: SipInboundAuthorizationType;
  allowed_inbound_ips?: readonly string[] | null | undefined;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const phone = sipPhoneNumberError(t.sip_trunk_type, t.phone_number);
  if (phone) errors.phone_number = [phone];
  if (t.inbound_authorization_type === 'ip' && !(t.allowed_inbound_ips && t.allowed_inbound_ips.length > 0)) {
    errors.allowed_inbound_ips = [SIP_IPS_REQUIRED];
  }
  return errors;
}

/** POST /user/phone-numbers/sip-trunks. */
export const createSipTrunkRequest = z
  .object({
    ...fields,
    allowed_inbound_ips: fields.allowed_inbound_ips.optional(),
    outbound_proxy: fields.outbound_proxy.optional(),
  })
  .superRefine((t, ctx) => {
    for (const [path, [message]] of Object.entries(sipTrunkCrossFieldErrors(t))) {
      ctx.addIssue({ code: 'custom', path: [path], message: message ?? '' });
    }
  });
export type CreateSipTrunkRequest = z.input<typeof createSipTrunkRequest>;

/** The fields PUT /user/phone-numbers/sip-trunks/{id} takes; any other is refused by name. */
export const SIP_TRUNK_UPDATABLE_FIELDS = [
  'sip_trunk_type',
  'phone_number',
  'sip_username',
  'sip_password',
  'sip_address',
  'sip_calling_format',
  'inbound_authorization_type',
  'allowed_inbound_ips',
  'country_code',
  'outbound_proxy',
] as const;

/** A partial update: only the fields sent change; the cross-field rules run on the merged trunk (the service). */
export const updateSipTrunkRequest = z.object({
  sip_trunk_type: fields.sip_trunk_type.optional(),
  phone_number: fields.phone_number.optional(),
  sip_username: fields.sip_username.optional(),
  sip_password: fields.sip_password.optional(),
  sip_address: fields.sip_address.optional(),
  sip_calling_format: fields.sip_calling_format.optional(),
  inbound_authorization_type: fields.inbound_authorization_type.optional(),
  allowed_inbound_ips: fields.allowed_inbound_ips.optional(),
  country_code: fields.country_code.optional(),
  outbound_proxy: fields.outbound_proxy.optional(),
});
export type UpdateSipTrunkRequest = z.input<typeof updateSipTrunkRequest>;

const trunkShape = {
  id: idish,
  phone_number: textish,
  /** Our extension: the hosted record leaves it out (an extension has no leading +). */
  sip_trunk_type: textish.optional(),
  sip_username: textish,
  sip_address: textish,
  sip_calling_format: openString,
  inbound_authorization_type: openString,
  allowed_inbound_ips: lenientList(z.string()).nullish().transform((v) => v ?? null),
  outbound_proxy: boolish,
  country_code: textish,
  created_at: textish,
  updated_at: textish,
};

/** A trunk as the list gives it: no password, no trunk ids. */
export const sipTrunkSchema = lenientRecord(trunkShape);
export type SipTrunk = z.output<typeof sipTrunkSchema>;

/** One trunk (GET …/{id}, and the create and update answers): plus the hosted service's "ST_…" ids, for debugging. */
export const sipTrunkDetailSchema = lenientRecord({
  ...trunkShape,
  inbound_trunk_id: textish,
  outbound_trunk_id: textish,
});
export type SipTrunkDetail = z.output<typeof sipTrunkDetailSchema>;

/** The answer of a create or an update: `{message, data}`. */
export const sipTrunkSavedResponse = lenientRecord({ message: openString, data: sipTrunkDetailSchema }, ['data']);

/** The kind of trunk a stored number is, for a record that lacks sip_trunk_type (a hosted one). */
export function sipTrunkTypeOf(trunk: { sip_trunk_type?: string | null; phone_number: string | null }): SipTrunkType {
  if (trunk.sip_trunk_type === 'extension' || trunk.sip_trunk_type === 'number') return trunk.sip_trunk_type;
  return trunk.phone_number?.startsWith('+') ? 'number' : 'extension';
}

/** GET /api/local/info's `sip`: where carriers send calls (PUBLIC_SIP_HOST, SIP_PORT) and whether SIP runs here. */
export const sipInfoSchema = lenientRecord({
  address: textish,
  port: z.number().int().nullable().catch(null),
  enabled: z.boolean().catch(false),
});
export type SipInfo = z.output<typeof sipInfoSchema>;
