import type { VoiceServices } from '../live-calls/services';
import type { TelephonyProvider } from './provider';
import { twilioProvider } from './twilio/provider';

/** The telephony providers the service speaks, by name (phone_numbers.provider, calls.provider). */
export function telephonyProviders(services: Pick<VoiceServices, 'twilioApiBaseUrl'>): Map<string, TelephonyProvider> {
  const twilio = twilioProvider({ apiBaseUrl: services.twilioApiBaseUrl });
  return new Map([[twilio.name, twilio]]);
}

export function providerOf(services: Pick<VoiceServices, 'twilioApiBaseUrl'>, name: string | null): TelephonyProvider | undefined {
  return name ? telephonyProviders(services).get(name) : undefined;
}
