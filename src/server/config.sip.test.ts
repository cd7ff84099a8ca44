import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { sipSettings } from './sip/settings';

/* SIP_PORT and PUBLIC_SIP_HOST: where carriers send a SIP trunk's calls (GET /api/local/info's `sip`). */
describe('SIP_PORT and PUBLIC_SIP_HOST', () => {
  it('default to 5060 and the host of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://voice.example.com/base' })).toMatchObject({ sipPort: 5060, publicSipHost: 'voice.example.com' });
    expect(loadConfig({})).toMatchObject({ sipPort: 5060, publicSipHost: 'localhost' });
  });

  it('take what is set', () => {
    expect(loadConfig({ SIP_PORT: '5080', PUBLIC_SIP_HOST: ' sip.example.com ' })).toMatchObject({ sipPort: 5080, publicSipHost: 'sip.example.com' });
  });

  it('refuse a port that is not one', () => {
    for (const bad of ['0', '65536', 'sip', '50.6']) expect(() => loadConfig({ SIP_PORT: bad })).toThrow(/SIP_PORT must be a port number/);
  });
});

/* rtpengine's variables, read by sip/settings.ts when SIP starts. */
describe('RTPENGINE_*', () => {
  it('default to on, control on 2223, media on 30000-30999 at SIP_LISTEN when it names an address', () => {
    expect(sipSettings({ SIP_LISTEN: '10.0.0.5' }, 'http://localhost').rtpengine).toEqual({ enabled: true, path: 'rtpengine', ngPort: 2223, portMin: 30_000, portMax: 30_999, interface: '10.0.0.5' });
  });

  it('take what is set, refuse a range that is not one, and pass from the environment to the SIP line', () => {
    const env = { RTPENGINE: '0', RTPENGINE_PATH: '/opt/rtpengine', RTPENGINE_NG_PORT: '22222', RTPENGINE_PORTS: '40000-40999', RTPENGINE_INTERFACE: '10.0.0.5!203.0.113.7' };
    expect(sipSettings(env, 'http://localhost').rtpengine).toEqual({ enabled: false, path: '/opt/rtpengine', ngPort: 22_222, portMin: 40_000, portMax: 40_999, interface: '10.0.0.5!203.0.113.7' });
    expect(sipSettings({ RTPENGINE_PORTS: '5000-4000' }, 'http://localhost').rtpengine).toMatchObject({ portMin: 30_000, portMax: 30_999 });
    expect(loadConfig(env).sipEnv).toMatchObject(env);
  });
});
