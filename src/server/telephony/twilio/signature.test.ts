import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from './signature';
import { streamTwiml } from './twiml';
import { mulawToPipeline, pipelineToMulaw } from './media-stream';
import { parseStreamTwiml } from '../../test/stand-ins/twilio';
import { decryptSecret, encryptSecret } from '../secrets';
import { randomBytes } from 'node:crypto';
import { socketUrl } from '../../live-calls/services';

// Twilio's worked example ("Webhooks security"). `GvWf1cFY/Q7PnoempGyD5oXAezc=` is the signature of the current
// page, whose caller is +14158675310; with the older page's caller +12349013030 (as the brief quoted it, paired
// with the newer signature) the same algorithm gives `0/KCTR6DLpKmkAf8muzZqo1nDgQ=`, the older page's figure.
// Both are checked: computed here with node:crypto by hand as well.
const TOKEN = '12345';
const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675310', Digits: '1234', From: '+14158675310', To: '+18005551212' };
const OLDER = { ...PARAMS, Caller: '+12349013030', From: '+12349013030' };
const SIGNATURE = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';

describe('X-Twilio-Signature', () => {
  it("gives Twilio's documented signatures for its example (both callers it has printed)", () => {
    expect(twilioSignature(TOKEN, URL_, PARAMS)).toBe(SIGNATURE);
    expect(twilioSignature(TOKEN, URL_, OLDER)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('accepts the right signature and refuses a wrong token, URL, parameter or a missing header', () => {
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, SIGNATURE)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, URL_, OLDER, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature('54321', URL_, PARAMS, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'https://mycompany.com/myapp.php?foo=1&bar=3', PARAMS, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, { ...PARAMS, Digits: '1235' }, SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, null)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, 'short')).toBe(false);
  });
});

describe('TwiML and audio', () => {
  it('escapes the stream URL and parameters, which come back whole', () => {
    const twiml = streamTwiml('wss://example.com/api/telephony/twilio/media', { ticket: 'a&b"<c>' });
    expect(twiml).toContain('<Connect><Stream url="wss://example.com/api/telephony/twilio/media"><Parameter name="ticket" value="a&amp;b&quot;&lt;c&gt;"/></Stream></Connect>');
    expect(parseStreamTwiml(twiml)).toEqual({ url: 'wss://example.com/api/telephony/twilio/media', parameters: { ticket: 'a&b"<c>' } });
  });

  it('turns 16 kHz floats into 8 kHz μ-law and back, keeping a tone', () => {
    const tone = new Float32Array(3200).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16000));
    const mulaw = pipelineToMulaw(tone);
    expect(mulaw.length).toBe(1600);
    const back = mulawToPipeline(mulaw);
    expect(back.length).toBe(3200);
    const rms = (a: Float32Array) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);
    expect(rms(back.subarray(200, 3000))).toBeCloseTo(rms(tone.subarray(200, 3000)), 1);
  });
});

describe('stream URLs from PUBLIC_URL', () => {
  it('are wss:// for https:// and ws:// for http://, under its path', () => {
    expect(socketUrl('https://voice.example.com/', '/api/telephony/twilio/media')).toBe('wss://voice.example.com/api/telephony/twilio/media');
    expect(socketUrl('http://127.0.0.1:8080', '/api/x')).toBe('ws://127.0.0.1:8080/api/x');
    expect(socketUrl('HTTPS://tunnel.example/base', '/api/x')).toBe('wss://tunnel.example/base/api/x');
  });
});

describe('credentials at rest', () => {
  it('are sealed with AES-256-GCM: another key or an altered text cannot open them', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, 'auth-token-1');
    expect(sealed).not.toContain('auth-token-1');
    expect(encryptSecret(key, 'auth-token-1')).not.toBe(sealed);
    expect(decryptSecret(key, sealed)).toBe('auth-token-1');
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
    const altered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => decryptSecret(key, altered)).toThrow();
  });
});
