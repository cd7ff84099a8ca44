import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
