import { createSocket } from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { parseRtp, type RtpPacket } from './rtp';
import { behindNat, decodeG711, openRtpSocket, RtpMedia } from './rtp-media';
import { buildRtp } from './rtp';
import { keyReceiver, parseTelephoneEvent, telephoneEventPayload } from './telephone-events';
import { until } from '../test/until';

/* RFC 4733 keys on their own: the payload, one key per event, and RtpMedia sending keys in its stream. */

describe('telephone-events', () => {
  it('writes and reads the 4-byte payload (event, E bit, volume, duration)', () => {
    expect(Array.from(telephoneEventPayload('#', true, 800))).toEqual([11, 0x80 | 10, 3, 32]);
    expect(parseTelephoneEvent(telephoneEventPayload('d', false, 160))).toEqual({ key: 'D', end: false, duration: 160 });
    expect(parseTelephoneEvent(Uint8Array.of(16, 0, 0, 0))).toBeNull();
    expect(parseTelephoneEvent(Uint8Array.of(1, 0))).toBeNull();
    expect(() => telephoneEventPayload('x', false, 0)).toThrow();
  });

  it('one key per event: taken on its first end packet, repeats and start packets ignored, a lost start kept', () => {
    const keys: string[] = [];
    const take = keyReceiver((k) => keys.push(k));
    for (const [key, end, ts] of [['4', false, 100], ['4', false, 100], ['4', true, 100], ['4', true, 100], ['4', true, 100], ['2', true, 900], ['2', true, 900], ['4', false, 1700], ['4', true, 1700]] as const) take(telephoneEventPayload(key, end, 160), ts);
    expect(keys.join('')).toBe('424');
  });
});

async function farEnd() {
  const socket = createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  const packets: RtpPacket[] = [];
  socket.on('message', (m) => {
    const p = parseRtp(m);
    if (p) packets.push({ ...p, payload: Uint8Array.from(p.payload) });
  });
  return { socket, packets, port: socket.address().port };
}

describe('RtpMedia sends keys', () => {
  it('as RFC 4733 events in its own stream: 5 packets and 3 end packets a key, one timestamp each, the marker on the first', async () => {
    const far = await farEnd();
    const media = new RtpMedia(await openRtpSocket('127.0.0.1'), { audio: () => undefined, hangUp: () => undefined });
    media.connect({ codec: 'PCMU', payloadType: 0, dtmfPayloadType: 96, address: '127.0.0.1', port: far.port });
    await media.transport.sendDigits!('1#');
    media.close();
    far.socket.close();
    const events = far.packets.filter((p) => p.payloadType === 96);
    expect(events.length).toBe(16);
    const first = events.slice(0, 8);
    expect(new Set(first.map((p) => p.timestamp)).size).toBe(1);
    expect(first.map((p) => p.marker)).toEqual([true, false, false, false, false, false, false, false]);
    expect(first.map((p) => parseTelephoneEvent(p.payload)!.end)).toEqual([false, false, false, false, false, true, true, true]);
    expect(events.map((p) => parseTelephoneEvent(p.payload)!.key).join('')).toBe('1'.repeat(8) + '#'.repeat(8));
    expect(events[8]!.timestamp).toBeGreaterThan(events[0]!.timestamp);
    // One stream: the sequence numbers of audio and events run on together.
    const seqs = far.packets.map((p) => p.sequence);
    expect(seqs.every((s, i) => i === 0 || s === ((seqs[i - 1]! + 1) & 0xffff))).toBe(true);
    expect(new Set(far.packets.map((p) => p.ssrc)).size).toBe(1);
  });

  it('as tones in the audio when the far end offered no telephone-event', async () => {
    const far = await farEnd();
    const media = new RtpMedia(await openRtpSocket('127.0.0.1'), { audio: () => undefined, hangUp: () => undefined });
    media.connect({ codec: 'PCMU', payloadType: 0, dtmfPayloadType: null, address: '127.0.0.1', port: far.port });
    await media.transport.sendDigits!('5');
    const loud = () => far.packets.some((p) => p.payloadType === 0 && decodeG711('PCMU', p.payload).some((v) => Math.abs(v) > 0.1));
    await until('the tone heard', loud, 5_000, 20);
    media.close();
    far.socket.close();
    expect(far.packets.every((p) => p.payloadType === 0)).toBe(true);
  });
});

describe('RtpMedia and a far end behind NAT', () => {
  const packet = (payloadType: number) => buildRtp({ payloadType, marker: false, sequence: 1, timestamp: 160, ssrc: 7, payload: new Uint8Array(160).fill(0xff) });

  it('knows the addresses a NAT hides', () => {
    expect(['10.1.2.3', '172.16.0.9', '192.168.1.20', '100.64.0.1'].map(behindNat)).toEqual([true, true, true, true]);
    expect(['127.0.0.1', '203.0.113.7', '8.8.8.8', 'carrier.example', ''].map(behindNat)).toEqual([false, false, false, false, false]);
  });

  it('sends to where the first packet of the call came from when the SDP named a private address, and only once', async () => {
    const far = await farEnd();
    const stray = await farEnd();
    const media = new RtpMedia(await openRtpSocket('127.0.0.1'), { audio: () => undefined, hangUp: () => undefined });
    media.connect({ codec: 'PCMU', payloadType: 0, dtmfPayloadType: 101, address: '10.77.0.1', port: 4000 });
    // A key event first: not the call's payload type, no latching on it.
    far.socket.send(packet(101), media.localPort, '127.0.0.1');
    await new Promise((r) => setTimeout(r, 50));
    expect(media.sendingTo).toEqual({ address: '10.77.0.1', port: 4000 });
    far.socket.send(packet(0), media.localPort, '127.0.0.1');
    await until('the far end heard', () => far.packets.length > 3, 5_000, 20);
    expect(media.sendingTo).toEqual({ address: '127.0.0.1', port: far.port });
    // Later packets from elsewhere move nothing.
    stray.socket.send(packet(0), media.localPort, '127.0.0.1');
    await new Promise((r) => setTimeout(r, 100));
    expect(media.sendingTo).toEqual({ address: '127.0.0.1', port: far.port });
    expect(stray.packets).toHaveLength(0);
    // A re-INVITE naming a private address again: its first packet is latched onto anew.
    media.connect({ codec: 'PCMU', payloadType: 0, dtmfPayloadType: 101, address: '10.77.0.2', port: 4002 });
    stray.socket.send(packet(0), media.localPort, '127.0.0.1');
    await until('the new far end heard', () => stray.packets.length > 3, 5_000, 20);
    expect(media.sendingTo).toEqual({ address: '127.0.0.1', port: stray.port });
    media.close();
    far.socket.close();
    stray.socket.close();
  });

  it('keeps to a public (or loopback) SDP address whatever comes from elsewhere', async () => {
    const far = await farEnd();
    const stray = await farEnd();
    const media = new RtpMedia(await openRtpSocket('127.0.0.1'), { audio: () => undefined, hangUp: () => undefined });
    media.connect({ codec: 'PCMU', payloadType: 0, dtmfPayloadType: null, address: '127.0.0.1', port: far.port });
    stray.socket.send(packet(0), media.localPort, '127.0.0.1');
    await until('the far end heard', () => far.packets.length > 3, 5_000, 20);
    expect(media.sendingTo).toEqual({ address: '127.0.0.1', port: far.port });
    expect(stray.packets).toHaveLength(0);
    media.close();
    far.socket.close();
    stray.socket.close();
  });
});
