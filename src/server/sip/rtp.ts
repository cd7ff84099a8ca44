/*
 * RTP (RFC 3550) packets as G.711 calls use them: a 12-byte header (version 2), optional CSRCs and header
 * extension (skipped), and the payload; padding removed. Written here because npm's RTP packages are parts of
 * WebRTC stacks (werift, mediasoup) far larger than these forty lines.
 */

export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

/** null when it is not an RTP packet (too short, not version 2, lengths past its end). */
export function parseRtp(buf: Uint8Array): RtpPacket | null {
  if (buf.length < 12 || buf[0]! >> 6 !== 2) return null;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const b0 = buf[0]!;
  const b1 = buf[1]!;
  let offset = 12 + (b0 & 0x0f) * 4;
  if (b0 & 0x10) {
    if (buf.length < offset + 4) return null;
    offset += 4 + view.getUint16(offset + 2) * 4;
  }
  let end = buf.length;
  if (b0 & 0x20) end -= buf[buf.length - 1]!;
  if (offset > end) return null;
  return {
    payloadType: b1 & 0x7f,
    marker: (b1 & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    payload: buf.subarray(offset, end),
  };
}

export function buildRtp(p: RtpPacket): Buffer {
  const out = Buffer.alloc(12 + p.payload.length);
  out[0] = 0x80;
  out[1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  out.writeUInt16BE(p.sequence & 0xffff, 2);
  out.writeUInt32BE(p.timestamp >>> 0, 4);
  out.writeUInt32BE(p.ssrc >>> 0, 8);
  out.set(p.payload, 12);
  return out;
}
