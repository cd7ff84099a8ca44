import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestService, TestUser } from '../test/harness';
import { freeUdpPort, insertTrunk } from '../test/sip-trunks';
import { until } from '../test/until';
import { useService } from '../test/use-service';
import { sipLine } from './line';
import { ngPing } from './rtpengine';
import { sipStartBanner } from './start';

/* `npm start`'s SIP (sip/start.ts): off, without Kamailio, and started by the first trunk. */

let svc: TestService;
let alice: TestUser;
useService((s) => ({ svc, alice } = s), { voice: {} });

const dataDir = () => mkdtempSync(join(tmpdir(), 'sip-start-'));

describe("npm start's SIP", () => {
  it('says how to turn SIP on when Kamailio is not installed, and nothing starts; SIP=0 turns it off', async () => {
    const missing = await sipStartBanner(svc.server.voice!, dataDir(), 'http://localhost:8080', { KAMAILIO_PATH: '/nonexistent/kamailio' });
    expect(missing.line).toBeNull();
    expect(missing.banner).toMatch(/can be managed, but their calls need Kamailio, which is not installed: `apt-get install kamailio`/);
    // Kamailio here, rtpengine not: SIP starts with the first trunk, and the banner says what NATed carriers need.
    const noRtpengine = await sipStartBanner(svc.server.voice!, dataDir(), 'http://localhost:8080', { RTPENGINE_PATH: '/nonexistent/rtpengine' });
    await noRtpengine.line?.stop();
    expect(noRtpengine.banner).toMatch(/starts with the first trunk\..* Carriers behind NAT or without G\.711 need rtpengine: `apt-get install rtpengine-daemon`/);
    const off = await sipStartBanner(svc.server.voice!, dataDir(), 'http://localhost:8080', { SIP: '0' });
    expect(off).toEqual({ line: null, banner: 'SIP trunks: off (SIP=0); trunks can be managed, their calls are not taken.' });
    expect(sipLine()).toBeNull();
  });

  it('starts the endpoint and Kamailio with the first trunk', async () => {
    const env = { SIP_PORT: String(await freeUdpPort()), SIP_LISTEN: '127.0.0.1', SIP_ENDPOINT_PORT: String(await freeUdpPort()), PUBLIC_SIP_HOST: 'sip.start.test', RTPENGINE_NG_PORT: String(await freeUdpPort()), RTPENGINE_PORTS: '41000-41099' };
    const started = await sipStartBanner(svc.server.voice!, dataDir(), 'http://localhost:8080', env);
    try {
      // (This service has no pipeline: the banner says its calls are refused until it has one.)
      expect(started.banner).toBe(
        `SIP trunks: Kamailio on udp:127.0.0.1:${env.SIP_PORT} (carriers call sip:sip.start.test:${env.SIP_PORT}) starts with the first trunk. Until STT_BASE_URL and LLM_BASE_URL are set, their calls are refused (480). Carriers behind NAT or without G.711: their media through rtpengine at 127.0.0.1, ports 41000-41099.`,
      );
      expect(sipLine()).toBeNull();
      await insertTrunk(svc.handle.db, svc.server.voice!.secretKey!, alice.id, { phoneNumber: '+4930444555', username: 'first-trunk', password: 'secret', sipAddress: '127.0.0.99' });
      const line = await until('SIP to start', () => sipLine(), 20_000, 100);
      expect(line.kamailio?.pid).toBeTypeOf('number');
      // rtpengine beside it (installed here, as .ci/run installs it), answering its control protocol.
      expect(line.rtpengine?.pid).toBeTypeOf('number');
      expect(await ngPing(Number(env.RTPENGINE_NG_PORT))).toBe(true);
      expect(await line.kamailio!.dispatcherState()).toContain(`sip:127.0.0.1:${env.SIP_ENDPOINT_PORT}`);
    } finally {
      await started.line?.stop();
    }
    expect(sipLine()).toBeNull();
  }, 40_000);
});
