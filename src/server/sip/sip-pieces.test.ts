import { describe, expect, it } from 'vitest';
import { kamailioCfg, kamailioLayout, trunksTable } from './kamailio-config';
import { buildRtp, parseRtp } from './rtp';
import { decodeG711, encodeG711 } from './rtp-media';
import { answerSdp, chooseMedia, offerSdp } from './sdp';
import { dialledNumber, trunkEntries } from './trunks';
import { encryptSecret } from '../telephony/secrets';
import { randomBytes, createHash } from 'node:crypto';

/* The SIP line's pieces on their own: RTP packets, SDP offer/answer, G.711, the trunk table, number formats. */

describe('RTP', () => {
  it('builds and parses a G.711 packet', () => {
    const payload = Uint8Array.from({ length: 160 }, (_, i) => i);
    const packet = buildRtp({ payloadType: 8, marker: true, sequence: 65535, timestamp: 4_294_967_000, ssrc: 0x12345678, payload });
    expect(packet.length).toBe(172);
    const { payload: back, ...header } = parseRtp(packet)!;
    expect(header).toEqual({ payloadType: 8, marker: true, sequence: 65535, timestamp: 4_294_967_000, ssrc: 0x12345678 });
    expect(Array.from(back)).toEqual(Array.from(payload));
  });

  it('skips CSRCs and a header extension, removes padding, and refuses what is not RTP', () => {
    const head = [0x80 | 0x20 | 0x10 | 0x01, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3];
    const csrc = [0, 0, 0, 9];
    const ext = [0xbe, 0xde, 0, 1, 1, 2, 3, 4];
    const buf = Uint8Array.from([...head, ...csrc, ...ext, 7, 7, 7, 0, 0, 3]);
    expect(Array.from(parseRtp(buf)!.payload)).toEqual([7, 7, 7]);
    expect(parseRtp(Uint8Array.from([0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(parseRtp(Uint8Array.from([0x80, 0]))).toBeNull();
  });

  it('G.711 μ-law and A-law round trips keep the signal', () => {
    const tone = Float32Array.from({ length: 160 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 8000));
    for (const codec of ['PCMU', 'PCMA'] as const) {
      const back = decodeG711(codec, encodeG711(codec, tone));
      const err = Math.max(...tone.map((v, i) => Math.abs(v - back[i]!)));
      expect(err, codec).toBeLessThan(0.02);
    }
  });
});

describe('SDP', () => {
  const offer = ['v=0', 'o=- 1 1 IN IP4 10.0.0.5', 's=-', 'c=IN IP4 10.0.0.5', 't=0 0', 'm=audio 40000 RTP/AVP 18 8 0 101', 'a=rtpmap:18 G729/8000', 'a=rtpmap:8 PCMA/8000', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=ptime:20', ''].join('\r\n');

  it("answers the offer's first G.711 codec, with telephone-event, 20 ms", () => {
    const media = chooseMedia(offer)!;
    expect(media).toEqual({ codec: 'PCMA', payloadType: 8, dtmfPayloadType: 101, address: '10.0.0.5', port: 40000 });
    const answer = answerSdp({ address: '127.0.0.1', port: 30000, sessionId: 5 }, media);
    expect(answer).toContain('m=audio 30000 RTP/AVP 8 101');
    expect(answer).toContain('a=ptime:20');
    expect(chooseMedia(answer)).toMatchObject({ codec: 'PCMA', address: '127.0.0.1', port: 30000 });
  });

  it('refuses an offer without G.711, and offers PCMU, PCMA and telephone-event', () => {
    expect(chooseMedia(offer.replace('18 8 0 101', '18'))).toBeNull();
    expect(chooseMedia('not sdp')).toBeNull();
    expect(offerSdp({ address: '127.0.0.1', port: 1234, sessionId: 1 })).toContain('m=audio 1234 RTP/AVP 0 8 101');
  });
});

describe('trunks for Kamailio', () => {
  it('keys numbers, users, HA1, credentials, hosts and allow-lists; leaves out what cannot be decrypted', () => {
    const key = randomBytes(32);
    const rows = [
      { id: 3, phone_number: '+4930123', sip_username: 'acme:1', provider_secret: encryptSecret(key, 'pw'), sip_address: 'sip.carrier.test', inbound_authorization_type: 'auth', allowed_inbound_ips: null },
      { id: 4, phone_number: '1000', sip_username: 'pbx', provider_secret: encryptSecret(key, 'x'), sip_address: 'pbx.test', inbound_authorization_type: 'ip', allowed_inbound_ips: ['10.0.0.1', '192.168.0.0/24'] },
      { id: 5, phone_number: '+4930123', sip_username: 'other', provider_secret: encryptSecret(randomBytes(32), 'y'), sip_address: 'x.test', inbound_authorization_type: 'auth', allowed_inbound_ips: null },
    ];
    const logged: string[] = [];
    const entries = Object.fromEntries(trunkEntries(rows, key, 'sip.test', (m) => logged.push(m)).map((e) => [e.key, e.value]));
    expect(entries).toEqual({
      'n.4930123': '3',
      'num.3': '4930123',
      'u.acme:1': '3',
      'ha1.3': createHash('md5').update('acme:1:sip.test:pw').digest('hex'),
      'user.3': 'acme:1',
      'pass.3': 'pw',
      'host.3': 'sip.carrier.test',
      'n.1000': '4',
      'num.4': '1000',
      'u.pbx': '4',
      'ha1.4': createHash('md5').update('pbx:sip.test:x').digest('hex'),
      'user.4': 'pbx',
      'pass.4': 'x',
      'host.4': 'pbx.test',
      'ip.4': '10.0.0.1/32,192.168.0.0/24',
    });
    expect(logged).toEqual(['SIP trunk 5: its password cannot be decrypted with this SECRET_KEY; save it again.']);
    // db_text's column separator is escaped.
    expect(trunksTable([{ key: 'u.acme:1', value: 'a\\b' }])).toContain('u.acme\\:1:0:0:a\\\\b:0');
  });

  it('formats the dialled number by sip_calling_format and country_code', () => {
    expect(dialledNumber('+49 30 1234567', '+e164', 'DE')).toBe('+49301234567');
    expect(dialledNumber('+49 30 1234567', 'e164', 'DE')).toBe('49301234567');
    expect(dialledNumber('+49 30 1234567', 'national', 'DE')).toBe('0301234567');
    expect(dialledNumber('030 1234567', '+e164', 'DE')).toBe('+49301234567');
    expect(dialledNumber('1000', 'national', 'DE')).toBe('1000');
  });

  it('writes a configuration that refuses quotes in its values', () => {
    const layout = kamailioLayout('/tmp/x');
    const cfg = kamailioCfg({ listenHost: '0.0.0.0', port: 5060, realm: 'sip.example.com', modulesDir: '/usr/lib/x86_64-linux-gnu/kamailio/modules', logLevel: 2 }, layout);
    expect(cfg).toContain('listen=udp:0.0.0.0:5060');
    expect(cfg).toContain('www_challenge("sip.example.com", "0")');
    expect(() => kamailioCfg({ listenHost: '0.0.0.0', port: 5060, realm: 'a"b', modulesDir: '/m', logLevel: 2 }, layout)).toThrow();
  });
});
