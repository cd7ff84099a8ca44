import { createHash } from 'node:crypto';
import { toDbTimestamp } from '../db/time';
import { publish } from '../events/bus';
import { callEvent } from '../events/build';
import { issueTicket, PHONE_TICKET_MS } from '../live-calls/tickets';
import type { VoiceServices } from '../live-calls/services';
import { endUnanswered } from '../telephony/calls';
import { mediaContext } from '../telephony/media';
import { SIP_PROVIDER, SipEndpoint } from './endpoint';
import { Kamailio, kamailioInstalled } from './kamailio';
import { Rtpengine, rtpengineInstalled } from './rtpengine';
import { sipPhoneLine, type SpeakText } from './phone-line';
import type { SipSettings } from './settings';
import { dialledNumber, trunkEntries, trunkRows } from './trunks';

/*
 * SIP in a service process: its endpoint (sip/endpoint.ts), and Kamailio when this process runs it (`npm start`
 * where the program is installed; with several processes, the one with SIP_KAMAILIO unset or 1 on the machine
 * that faces the carriers: docs/deploy.md). The trunks are looked at every TRUNK_POLL_MS and Kamailio's table
 * reloaded when they changed (whichever process or route changed them). Loaded only when SIP starts: the
 * library, the RTP code and this module stay out of a service without SIP.
 */

const TRUNK_POLL_MS = 2_000;
const DEFAULT_RING_S = 30;

export interface SipLine {
  endpoint: SipEndpoint;
  kamailio: Kamailio | null;
  /** Runs beside Kamailio when installed (carriers behind NAT or without G.711). */
  rtpengine: Rtpengine | null;
  settings: SipSettings;
  /** Rewrites and reloads the trunks now (tests; the poll does it otherwise). */
  syncTrunks(): Promise<void>;
  stop(): Promise<void>;
}

/** The process's SIP line, once started (dialOut finds it here). */
let current: SipLine | null = null;

export function sipLine(): SipLine | null {
  return current;
}

export interface StartSipOptions {
  services: VoiceServices;
  settings: SipSettings;
  dataDir: string;
  /** Run Kamailio here (default: when its program is installed). */
  kamailio?: boolean;
  /** Run rtpengine beside Kamailio (default: when RTPENGINE is not 0 and its program is installed). */
  rtpengine?: boolean;
  log?: (line: string) => void;
  /** Speech for warm transfers' briefings (SipEndpointOptions.speak). */
  speak?: SpeakText;
}

export async function startSip(options: StartSipOptions): Promise<SipLine> {
  const { services, settings } = options;
  const log = options.log ?? ((m: string) => console.error(`SIP: ${m}`));
  const endpoint = SipEndpoint.start({ services, host: settings.endpointHost, port: settings.endpointPort, proxy: settings.proxy, log, ...(options.speak ? { speak: options.speak } : {}) });
  const runKamailio = options.kamailio ?? kamailioInstalled(settings.kamailioPath);
  let kamailio: Kamailio | null = null;
  let fingerprint = '';
  const entries = async () => {
    const rows = await trunkRows(services.db);
    const e = trunkEntries(rows, services.secretKey, settings.publicHost, log);
    return { e, print: createHash('sha256').update(JSON.stringify(e)).digest('hex') };
  };
  let timer: NodeJS.Timeout | null = null;
  let syncing: Promise<void> = Promise.resolve();
  const sync = () => {
    syncing = syncing.then(async () => {
      if (!kamailio) return;
      const { e, print } = await entries();
      if (print === fingerprint) return;
      await kamailio.reloadTrunks(e);
      fingerprint = print;
    });
    return syncing;
  };
  let rtpengine: Rtpengine | null = null;
  if (runKamailio && (options.rtpengine ?? (settings.rtpengine.enabled && rtpengineInstalled(settings.rtpengine.path)))) {
    const r = settings.rtpengine;
    rtpengine = new Rtpengine({ path: r.path, interface: r.interface, ngPort: r.ngPort, portMin: r.portMin, portMax: r.portMax, log: (l) => log(`rtpengine: ${l}`) });
    try {
      await rtpengine.start();
    } catch (e) {
      // Not fatal: every call whose media can go straight still does.
      log(`${e instanceof Error ? e.message : String(e)}: calls from carriers behind NAT or without G.711 will have no media.`);
      await rtpengine.stop();
      rtpengine = null;
    }
  }
  if (runKamailio) {
    kamailio = new Kamailio({
      path: settings.kamailioPath,
      dataDir: options.dataDir,
      backends: settings.backends,
      listenHost: settings.listenHost,
      port: settings.port,
      realm: settings.publicHost,
      modulesDir: settings.kamailioModules,
      logLevel: 2,
      rtpengine: rtpengine?.ngSocket ?? null,
      log: (l) => log(`Kamailio: ${l}`),
    });
    const first = await entries();
    fingerprint = first.print;
    try {
      await kamailio.start(first.e);
    } catch (e) {
      await kamailio.stop();
      await rtpengine?.stop();
      await endpoint.stop();
      throw e;
    }
    timer = setInterval(() => void sync().catch((e: unknown) => log(`trunks not reloaded: ${e instanceof Error ? e.message : String(e)}`)), TRUNK_POLL_MS);
    timer.unref();
  }
  const line: SipLine = {
    endpoint,
    kamailio,
    rtpengine,
    settings,
    syncTrunks: sync,
    async stop() {
      if (timer) clearInterval(timer);
      await syncing.catch(() => undefined);
      await endpoint.stop();
      await kamailio?.stop();
      await rtpengine?.stop();
      if (current === line) current = null;
    },
  };
  current = line;
  return line;
}

const FINAL: Record<'busy' | 'no-answer' | 'failed', 'busy' | 'no-answer' | 'failed'> = { busy: 'busy', 'no-answer': 'no-answer', failed: 'failed' };

/**
 * An outbound call from a trunk (telephony/calls.ts dialOut hands it here): the number formatted for the
 * carrier, the INVITE through Kamailio, ringing shown, and the call answered into a voice session or ended
 * unanswered (486 busy; 408/480, a CANCEL after ringing_time: no-answer; anything else failed). Resolves once
 * the INVITE is sent.
 */
export async function dialSip(services: VoiceServices, callId: number, trunkId: number): Promise<void> {
  const { db } = services;
  const line = current;
  const call = await db.selectFrom('calls').select(['id', 'user_id', 'assistant_id', 'client_phone_number', 'talk_lease']).where('id', '=', callId).executeTakeFirst();
  if (!call || !call.talk_lease?.startsWith('dial:') || call.assistant_id === null) return;
  const trunk = await db
    .selectFrom('phone_numbers')
    .select(['id', 'phone_number', 'sip_address', 'sip_calling_format', 'country_code', 'outbound_proxy'])
    .where('id', '=', trunkId)
    .where('user_id', '=', call.user_id)
    .executeTakeFirst();
  const assistant = await db.selectFrom('assistants').select(['ringing_time']).where('id', '=', call.assistant_id).executeTakeFirst();
  if (!line || !trunk?.sip_address) {
    if (!line) console.error(`Call ${callId}: its number is a SIP trunk and SIP is not running in this process.`);
    await endUnanswered(services, callId, 'failed');
    return;
  }
  const { ticket } = await issueTicket(db, services.now(), {
    kind: SIP_PROVIDER,
    userId: call.user_id,
    assistantId: call.assistant_id,
    callId,
    phoneNumberId: trunk.id,
    details: { dial_lease: call.talk_lease },
    ttlMs: PHONE_TICKET_MS,
  });
  const ringS = assistant?.ringing_time && assistant.ringing_time > 0 ? assistant.ringing_time : DEFAULT_RING_S;
  // outbound_proxy: the calls present the service's fixed SIP address (PUBLIC_SIP_HOST) as their origin, for
  // carriers that allow-list it; otherwise From is in the carrier's domain, as a registered account's would be.
  const fromHost = trunk.outbound_proxy ? line.settings.publicHost : trunk.sip_address;
  const placed = await line.endpoint.dial({
    to: dialledNumber(call.client_phone_number, trunk.sip_calling_format, trunk.country_code),
    host: trunk.sip_address,
    from: trunk.phone_number.replace(/^\+/, ''),
    fromHost,
    trunkId: trunk.id,
    ringMs: ringS * 1000,
    onRinging: () => void ringing(services, callId),
    onAnswer: (media, providerCallId) => {
      const phone = sipPhoneLine(line.endpoint, { providerCallId, callerNumber: call.client_phone_number ?? '', lineNumber: trunk.phone_number }, { id: trunk.id, sipAddress: trunk.sip_address!, callingFormat: trunk.sip_calling_format, countryCode: trunk.country_code }, line.endpoint.speak);
      return mediaContext(services, { name: SIP_PROVIDER }).begin(ticket, { ...media.transport, phone });
    },
  });
  await db.updateTable('calls').set({ provider_call_id: placed.callId }).where('id', '=', callId).execute();
  // Ringing goes on after make_call has answered (as a provider's REST call returns once the call is placed).
  void placed.outcome
    .then(async ({ result }) => {
      if (result !== 'answered') await endUnanswered(services, callId, FINAL[result]);
    })
    .catch((e: unknown) => console.error(`Call ${callId}: ${e instanceof Error ? e.message : String(e)}`));
}

async function ringing(services: VoiceServices, callId: number): Promise<void> {
  const row = await services.db
    .updateTable('calls')
    .set({ status: 'ringing', updated_at: toDbTimestamp(services.now()) })
    .where('id', '=', callId)
    .where('status', '=', 'initiated')
    .where('talk_lease', 'like', 'dial:%')
    .returningAll()
    .executeTakeFirst();
  if (row) publish(services.db, callEvent(row));
}
