/*
 * RFC 4733 telephone-events (keypresses in RTP): the 4-byte payload (event, E bit, volume, duration), the keys
 * they name, and the caller's keys out of a stream of them. An event is sent as packets that repeat with a
 * growing duration, all stamped with the event's start timestamp, and ends with the E bit (that end packet
 * itself sent three times): one key per event, taken on its first end packet, so a lost start packet or a
 * repeated end packet neither loses nor doubles a key.
 */

/** Events 0-15 (RFC 4733 3.2): the digits, *, #, A-D. */
const KEYS = '0123456789*#ABCD';
/** The volume we send (-dBm0, 0-63): 10, what common phones send. */
const VOLUME = 10;

export interface TelephoneEvent {
  key: string;
  end: boolean;
  /** In timestamp units (8 kHz: samples). */
  duration: number;
}

export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  const key = KEYS[payload[0]!];
  if (key === undefined) return null;
  return { key, end: (payload[1]! & 0x80) !== 0, duration: (payload[2]! << 8) | payload[3]! };
}

export function telephoneEventPayload(key: string, end: boolean, duration: number): Uint8Array {
  const event = KEYS.indexOf(key.toUpperCase());
  if (event < 0) throw new Error(`"${key}" is not a telephone key`);
  return Uint8Array.of(event, (end ? 0x80 : 0) | VOLUME, (duration >> 8) & 0xff, duration & 0xff);
}

/** The caller's keys out of telephone-event packets (their payload and RTP timestamp), each once. */
export function keyReceiver(onKey: (key: string) => void): (payload: Uint8Array, timestamp: number) => void {
  let lastEnded: number | null = null;
  return (payload, timestamp) => {
    const event = parseTelephoneEvent(payload);
    if (!event?.end || timestamp === lastEnded) return;
    lastEnded = timestamp;
    onKey(event.key);
  };
}
