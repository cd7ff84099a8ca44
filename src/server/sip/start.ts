import { createSocket } from 'node:dgram';
import type { VoiceServices } from '../live-calls/services';
import type { SpeechSource } from '../speech/speech';
import { kamailioInstalled } from './kamailio';
import { rtpengineInstalled } from './rtpengine';
import { sipSettings, type SipSettings } from './settings';

/*
 * `npm start`'s SIP. With Kamailio installed (and SIP not turned off with SIP=0), SIP starts with the first
 * trunk: at start when the database has one, else when one is added (looked for every FIRST_TRUNK_POLL_MS).
 * Until then nothing of SIP is loaded or bound (start time, memory, and ports 5060/5070 left alone on a
 * machine that does not use them). Without Kamailio, trunks can still be managed and the banner says how to turn
 * SIP on.
 */

const FIRST_TRUNK_POLL_MS = 5_000;

/** Whether a UDP port can be bound (the SIP library has no way to report a failed bind: it would throw later). */
async function udpFree(host: string, port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, host, () => socket.close(() => resolve(true)));
  });
}

async function start(services: VoiceServices, settings: SipSettings, dataDir: string, runKamailio: boolean, rtpengineHere: boolean, speech: SpeechSource | null) {
  if (!(await udpFree(settings.endpointHost, settings.endpointPort))) throw new Error(`udp:${settings.endpointHost}:${settings.endpointPort} (SIP_ENDPOINT_PORT) is in use`);
  if (runKamailio && !(await udpFree(settings.listenHost, settings.port))) throw new Error(`udp:${settings.listenHost}:${settings.port} (SIP_PORT) is in use`);
  const r = settings.rtpengine;
  let runRtpengine = rtpengineHere;
  if (runRtpengine && !(await udpFree('127.0.0.1', r.ngPort))) {
    // Not fatal: only the calls that need it go without media.
    console.error(`SIP: rtpengine not started: udp:127.0.0.1:${r.ngPort} (RTPENGINE_NG_PORT) is in use; calls from carriers behind NAT or without G.711 will have no media.`);
    runRtpengine = false;
  }
  const [{ startSip }, { speakWith }] = await Promise.all([import('./line'), import('./phone-line')]);
  // Warm transfers' briefings on the supervisor's leg are said in the process's speech.
  return startSip({ services, settings, dataDir, kamailio: runKamailio, rtpengine: runRtpengine, ...(speech ? { speak: speakWith(speech) } : {}) });
}

/** What the banner says of rtpengine (carriers behind NAT or without G.711). */
function mediaNote(settings: SipSettings, runKamailio: boolean, rtpengineHere: boolean): string {
  const r = settings.rtpengine;
  if (!runKamailio || !r.enabled) return '';
  if (!rtpengineHere) return ' Carriers behind NAT or without G.711 need rtpengine: `apt-get install rtpengine-daemon` (or set RTPENGINE_PATH).';
  return ` Carriers behind NAT or without G.711: their media through rtpengine at ${r.interface}, ports ${r.portMin}-${r.portMax}.`;
}

export async function sipStartBanner(services: VoiceServices, dataDir: string, publicUrl: string, env: Record<string, string | undefined>, speech: SpeechSource | null = null): Promise<{ line: { stop(): Promise<void> } | null; banner: string }> {
  const settings = sipSettings(env, publicUrl);
  if (!settings.enabled) return { line: null, banner: 'SIP trunks: off (SIP=0); trunks can be managed, their calls are not taken.' };
  const runKamailio = env.SIP_KAMAILIO !== '0';
  if (runKamailio && !kamailioInstalled(settings.kamailioPath)) {
    return { line: null, banner: 'SIP trunks: can be managed, but their calls need Kamailio, which is not installed: `apt-get install kamailio` (or set KAMAILIO_PATH), then start again.' };
  }
  const where = runKamailio ? `Kamailio on udp:${settings.listenHost}:${settings.port} (carriers call sip:${settings.publicHost}:${settings.port})` : `the Kamailio at ${settings.proxy.host}:${settings.proxy.port} (SIP_KAMAILIO=0)`;
  // Whether rtpengine runs here, asked once (a program run).
  const rtpengineHere = runKamailio && settings.rtpengine.enabled && rtpengineInstalled(settings.rtpengine.path);
  const talk = (services.startSession ? '' : ' Until STT_BASE_URL and LLM_BASE_URL are set, their calls are refused (480).') + mediaNote(settings, runKamailio, rtpengineHere);
  const hasTrunk = async () => (await services.db.selectFrom('phone_numbers').select('id').where('provider', '=', 'sip').limit(1).executeTakeFirst()) !== undefined;
  let line: { stop(): Promise<void> } | null = null;
  let stopped = false;
  const handle = {
    async stop() {
      stopped = true;
      clearInterval(poll);
      await line?.stop();
    },
  };
  const begin = async (): Promise<string> => {
    try {
      line = await start(services, settings, dataDir, runKamailio, rtpengineHere, speech);
      if (stopped) await line.stop();
      // GET /api/local/info's `sip.enabled`: the console's "Our SIP address" says calls are taken from now on.
      else if (services.sip) services.sip.enabled = true;
      return `SIP trunks: ${where}, this process's endpoint udp:${settings.endpointHost}:${settings.endpointPort}.${talk}`;
    } catch (e) {
      // Said once: the poll stops (a start again retries).
      clearInterval(poll);
      return `SIP trunks: could not start (${e instanceof Error ? e.message : String(e)}); trunks can still be managed.`;
    }
  };
  let starting = false;
  const poll = setInterval(() => {
    if (line || starting || stopped) return;
    starting = true;
    void hasTrunk()
      .then(async (yes) => (yes ? console.log(await begin()) : undefined))
      .catch(() => undefined)
      .finally(() => {
        starting = false;
        if (line) clearInterval(poll);
      });
  }, FIRST_TRUNK_POLL_MS);
  poll.unref();
  if (await hasTrunk()) {
    clearInterval(poll);
    return { line: handle, banner: await begin() };
  }
  return { line: handle, banner: `SIP trunks: ${where} starts with the first trunk.${talk}` };
}
