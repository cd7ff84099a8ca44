import { parse, write, type SessionDescription } from 'sdp-transform';

/*
 * The SDP of a call (RFC 3264 offer/answer, through sdp-transform): audio only, G.711 (PCMU 0, PCMA 8) with
 * 20 ms packets, and RFC 4733 telephone-event when the other side offers it. The first codec of the offer that
 * we speak is the one answered (the offerer's preference).
 */

export type G711 = 'PCMU' | 'PCMA';

export interface MediaChoice {
  codec: G711;
  payloadType: number;
  /** telephone-event's payload type, when offered. */
  dtmfPayloadType: number | null;
  /** Where to send our RTP. */
  address: string;
  port: number;
}

const STATIC: Record<number, G711> = { 0: 'PCMU', 8: 'PCMA' };

/** The codec chosen from an offer or an answer; null when it has no G.711 audio we can use. */
export function chooseMedia(text: string): MediaChoice | null {
  let sdp: SessionDescription;
  try {
    sdp = parse(text);
  } catch {
    return null;
  }
  const audio = sdp.media.find((m) => m.type === 'audio' && m.port > 0);
  if (!audio) return null;
  const address = audio.connection?.ip ?? sdp.connection?.ip;
  if (!address) return null;
  const names = new Map<number, string>();
  for (const r of audio.rtp) names.set(r.payload, r.codec.toUpperCase());
  let choice: { codec: G711; payloadType: number } | null = null;
  for (const pt of String(audio.payloads ?? '').split(/\s+/).filter(Boolean).map(Number)) {
    const name = names.get(pt) ?? STATIC[pt];
    if (name === 'PCMU' || name === 'PCMA') {
      choice = { codec: name, payloadType: pt };
      break;
    }
  }
  if (!choice) return null;
  const dtmf = audio.rtp.find((r) => r.codec.toLowerCase() === 'telephone-event');
  return { ...choice, dtmfPayloadType: dtmf?.payload ?? null, address, port: audio.port };
}

export interface LocalMedia {
  address: string;
  port: number;
  /** Session id/version (o=), a number. */
  sessionId: number;
}

function describe(local: LocalMedia, codecs: { payload: number; codec: string }[]): string {
  const sdp: SessionDescription = {
    version: 0,
    origin: { username: '-', sessionId: local.sessionId, sessionVersion: 1, netType: 'IN', ipVer: 4, address: local.address },
    name: '-',
    connection: { version: 4, ip: local.address },
    timing: { start: 0, stop: 0 },
    media: [
      {
        type: 'audio',
        port: local.port,
        protocol: 'RTP/AVP',
        payloads: codecs.map((c) => c.payload).join(' '),
        rtp: codecs.map((c) => ({ payload: c.payload, codec: c.codec, rate: 8000 })),
        fmtp: codecs.filter((c) => c.codec === 'telephone-event').map((c) => ({ payload: c.payload, config: '0-16' })),
        ptime: 20,
        direction: 'sendrecv',
      },
    ],
  };
  return write(sdp);
}

/** Our answer to an offer whose choice is `media`. */
export function answerSdp(local: LocalMedia, media: MediaChoice): string {
  const codecs: { payload: number; codec: string }[] = [{ payload: media.payloadType, codec: media.codec }];
  if (media.dtmfPayloadType !== null) codecs.push({ payload: media.dtmfPayloadType, codec: 'telephone-event' });
  return describe(local, codecs);
}

/** Our offer for an outbound call: PCMU, PCMA, telephone-event 101. */
export function offerSdp(local: LocalMedia): string {
  return describe(local, [
    { payload: 0, codec: 'PCMU' },
    { payload: 8, codec: 'PCMA' },
    { payload: 101, codec: 'telephone-event' },
  ]);
}
