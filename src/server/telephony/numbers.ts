import type { PhoneNumberImport } from '../../contract/voice';
import { toE164 } from '../../contract/phone';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneNumbersTable } from '../db/schema';
import { toDbTimestamp } from '../db/time';
import { HttpError, ValidationError, fieldError } from '../http/errors';
import type { VoiceServices } from '../live-calls/services';
import { decryptSecret, encryptSecret } from './secrets';
import { ProviderAuthError, ProviderError, ProviderNumberNotFound, type NumberWebhooks, type ProviderCredentials, type TelephonyProvider } from './provider';
import { providerOf } from './providers';

/*
 * Numbers the user owns at a telephony provider (POST /user/phone-numbers/import, our extension): looked up in
 * the account, their voice webhook pointed at the service, stored with the credential encrypted. Releasing the
 * number (DELETE /user/phone-numbers/{id}) deletes the row, and the webhooks of a number the service no longer
 * has are refused: it stops answering.
 */

export const NUMBER_NOT_IN_ACCOUNT = 'The Twilio account has no such number.';
export const CREDENTIALS_REFUSED = 'Twilio refused the account sid and auth token.';
export const NUMBER_ALREADY_YOURS = 'You already have this number.';
export const NO_SECRET_KEY = 'Importing numbers needs SECRET_KEY: the service stores the auth token encrypted with it.';

/** The number's webhooks at the service (PUBLIC_URL). */
export function numberWebhooks(publicUrl: string, provider: string, phoneNumberId: number): NumberWebhooks {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/telephony/${provider}`;
  return { voiceUrl: `${base}/voice/${phoneNumberId}`, statusUrl: `${base}/status/${phoneNumberId}` };
}

export async function importNumber(services: VoiceServices, userId: number, input: PhoneNumberImport): Promise<{ id: number }> {
  const provider = providerOf(services, input.provider);
  if (!provider) throw fieldError('provider', 'The selected provider is invalid.');
  const phone = toE164(input.phone_number);
  if (!phone) throw fieldError('phone_number', 'The phone number field must be a valid phone number.');
  const key = services.secretKey;
  if (!key) throw new HttpError(503, NO_SECRET_KEY);
  const { db } = services;
  const held = await db.selectFrom('phone_numbers').select('id').where('user_id', '=', userId).where('phone_number', '=', phone).executeTakeFirst();
  if (held) throw fieldError('phone_number', NUMBER_ALREADY_YOURS);
  const credentials: ProviderCredentials = { account: input.account_sid, secret: input.auth_token };
  // The row first (its id is in the webhook URLs), removed again when the provider refuses.
  const ts = toDbTimestamp(services.now());
  const row = await db
    .insertInto('phone_numbers')
    .values({
      user_id: userId,
      phone_number: phone,
      country_code: countryOf(phone),
      type_label: 'Normal',
      nickname: null,
      monthly_price: null,
      provider: provider.name,
      provider_account: input.account_sid,
      provider_secret: encryptSecret(key, input.auth_token),
      created_at: ts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const claimed = await provider.claimNumber(credentials, phone, numberWebhooks(services.publicUrl, provider.name, row.id));
    await db.updateTable('phone_numbers').set({ provider_number_id: claimed.numberId }).where('id', '=', row.id).execute();
    return row;
  } catch (e) {
    await db.deleteFrom('phone_numbers').where('id', '=', row.id).execute();
    if (e instanceof ProviderNumberNotFound) throw new ValidationError({ phone_number: [NUMBER_NOT_IN_ACCOUNT] });
    if (e instanceof ProviderAuthError) throw new ValidationError({ auth_token: [CREDENTIALS_REFUSED] });
    if (e instanceof ProviderError) throw new HttpError(502, e.message);
    throw e;
  }
}

/**
 * DELETE /user/phone-numbers/{id} of an imported number: the row goes first (the service stops answering it),
 * then the provider's webhooks are cleared so the provider stops calling here. The second step is best effort:
 * a provider that cannot be reached leaves a webhook that the service now refuses (404), and the release stands.
 */
export async function releaseImportedNumber(services: VoiceServices, userId: number, id: number, release: () => Promise<void>): Promise<void> {
  const found = await importedNumber(services, { id });
  const number = found?.user_id === userId ? found : undefined;
  await release();
  if (!number?.provider.disownNumber || !number.numberId) return;
  try {
    await number.provider.disownNumber(number.credentials, number.numberId, numberWebhooks(services.publicUrl, number.provider.name, id));
  } catch (e) {
    console.warn(`Phone number ${id} released; its ${number.provider.name} webhooks could not be cleared: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The country of an E.164 number, for the listing. */
function countryOf(e164: string): string {
  return parsePhoneNumberFromString(e164)?.country ?? 'US';
}

export type ImportedNumber = Pick<PhoneNumbersTable, 'phone_number'> & { id: number; user_id: number; provider: TelephonyProvider; credentials: ProviderCredentials; /** The provider's id of the number (Twilio's PN sid). */ numberId: string | null };

/** An imported number with its provider and decrypted credentials; undefined when it is gone or not imported. */
export async function importedNumber(services: VoiceServices, where: { id: number } | { userId: number; phoneNumber: string }): Promise<ImportedNumber | undefined> {
  let q = services.db.selectFrom('phone_numbers').select(['id', 'user_id', 'phone_number', 'provider', 'provider_account', 'provider_secret', 'provider_number_id']).where('provider', 'is not', null);
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('user_id', '=', where.userId).where('phone_number', '=', where.phoneNumber);
  const row = await q.orderBy('id').executeTakeFirst();
  const provider = row ? providerOf(services, row.provider) : undefined;
  if (!row || !provider || !row.provider_account || !row.provider_secret || !services.secretKey) return undefined;
  let secret: string;
  try {
    secret = decryptSecret(services.secretKey, row.provider_secret);
  } catch {
    console.error(`Phone number ${row.id}: its credential cannot be decrypted with this SECRET_KEY; import it again.`);
    return undefined;
  }
  return { id: row.id, user_id: row.user_id, phone_number: row.phone_number, provider, credentials: { account: row.provider_account, secret }, numberId: row.provider_number_id };
}
