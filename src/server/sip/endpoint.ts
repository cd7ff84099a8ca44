import { randomBytes } from 'node:crypto';
import { issueTicket, PHONE_TICKET_MS } from '../live-calls/tickets';
import { refusesPhoneCall, type VoiceServices } from '../live-calls/services';
import { mediaContext, type LiveSession } from '../telephony/media';
import type { VoiceEndReason } from '../voice/session-types';
import { sipPhoneLine, type SpeakText } from './phone-line';
import { openRtpSocket, RtpMedia } from './rtp-media';
import { answerSdp, chooseMedia, offerSdp, type MediaChoice } from './sdp';
import { sipModule, type SipMessage, type SipNameAddr, type SipRemote, type SipStack } from './sip-stack';
import { keyReceiver } from './telephone-events';

/*
 * The service as a narrow SIP user agent behind Kamailio (UDP): it answers the INVITEs Kamailio has
 * authenticated (X-Famulor-Trunk names the trunk) with the trunk's inbound assistant, places outbound calls
 * through Kamailio (which answers the carrier's challenges), and keeps each call's dialog: ACK, BYE either way,
 * CANCEL, OPTIONS (Kamailio's dispatcher probes), REFER (accepted and answered with NOTIFYs; `refer()` starts one:
 * the transfers of sip/phone-line.ts). The caller's keys (RFC 4733 events) reach the session's pushDigit.
 * The media is RTP (sip/rtp-media.ts) into the same voice pipeline as Twilio's media stream (telephony/media.ts:
 * the call record, the session). Requests from anywhere but Kamailio are refused: the carriers' side is its.
 */

export const SIP_PROVIDER = 'sip';
/** The header Kamailio names the trunk with, both ways. */
export const TRUNK_HEADER = 'x-famulor-trunk';
/** A 2xx to an INVITE is sent again until its ACK comes (RFC 3261 13.3.1.4): T1 doubling to T2, 32 s at most. */
const T1 = 500;
const T2 = 4_000;

export interface SipEndpointOptions {
  services: VoiceServices;
  /** Where this endpoint listens (UDP) and puts in its Contact and SDP. */
  host: string;
  port: number;
  /** Kamailio: the only peer whose requests are taken, and where outbound calls go. */
  proxy: { host: string; port: number };
  log?: (message: string) => void;
  /** Speech for a warm transfer's briefing on the supervisor's leg (sip/phone-line.ts); absent: none is said. */
  speak?: SpeakText;
}

interface Dialog {
  callId: string;
  /** Our From (outbound) or To (inbound), tagged. */
  local: SipNameAddr;
  remote: SipNameAddr;
  remoteTarget: string;
  routeSet: SipNameAddr[];
  cseq: number;
  media: RtpMedia;
  live: LiveSession | null;
  ended: boolean;
  /** The 2xx retransmission (inbound) until ACK. */
  resend: NodeJS.Timeout | null;
  /** For outbound calls not answered yet: the INVITE, to CANCEL it. */
  invite: SipMessage | null;
}

export type DialResult = 'answered' | 'busy' | 'no-answer' | 'failed';

export interface DialRequest {
  /** The Request-URI's user (the number as the carrier wants it) and host (the trunk's sip_address). */
  to: string;
  host: string;
  /** Our number (From's user) and the From's host. */
  from: string;
  fromHost: string;
  trunkId: number;
  /** How long it may ring (ringing_time) before it is cancelled. */
  ringMs: number;
  /** 180/183 came. */
  onRinging?: () => void;
  /**
   * The callee answered: start the session with this transport; undefined refuses (the call is hung up);
   * 'leg': a call without a session of its own (a warm transfer's supervisor).
   */
  onAnswer: (media: RtpMedia, callId: string) => Promise<LiveSession | 'leg' | undefined>;
}

const tag = () => randomBytes(6).toString('hex');

export class SipEndpoint {
  private readonly stack: SipStack;
  private readonly dialogs = new Map<string, Dialog>();
  private readonly log: (message: string) => void;
  /** Requests seen, by method (tests, the benchmark). */
  readonly seen: Record<string, number> = {};

  private constructor(private readonly options: SipEndpointOptions) {
    this.log = options.log ?? ((m) => console.error(`SIP: ${m}`));
    const sip = sipModule();
    this.stack = sip.create(
      {
        port: options.port,
        address: options.host,
        // The library treats a Route whose host is its own as itself and drops it; Kamailio may share our IP
        // (both on 127.0.0.1), so the Via carries a name that is never a route's host. Kamailio answers to the
        // packet's source (received/rport) whatever the Via says.
        publicAddress: `famulor-${process.pid}.invalid`,
        udp: true,
        tcp: false,
        logger: { error: (e: unknown) => this.log(`stack: ${e instanceof Error ? e.message : String(e)}`) },
      },
      (rq, remote) => void this.onRequest(rq, remote).catch((e: unknown) => this.log(`${rq.method ?? '?'}: ${e instanceof Error ? e.message : String(e)}`)),
    );
  }

  static start(options: SipEndpointOptions): SipEndpoint {
    return new SipEndpoint(options);
  }

  get contact(): string {
    return `sip:famulor@${this.options.host}:${this.options.port}`;
  }

  /** Speech for warm transfers' briefings, when the process has it. */
  get speak(): SpeakText | undefined {
    return this.options.speak;
  }

  get activeCalls(): number {
    return this.dialogs.size;
  }

  private reply(rq: SipMessage, status: number, reason: string, extra: Partial<SipMessage['headers']> = {}, content?: string): void {
    const rs = sipModule().makeResponse(rq, status, reason);
    rs.headers.to = { ...rq.headers.to!, params: { ...rq.headers.to!.params } };
    Object.assign(rs.headers, extra);
    if (content !== undefined) rs.content = content;
    this.stack.send(rs);
  }

  private async onRequest(rq: SipMessage, remote: SipRemote): Promise<void> {
    const method = rq.method ?? '';
    this.seen[method] = (this.seen[method] ?? 0) + 1;
    if (remote.address !== this.options.proxy.host) {
      if (method !== 'ACK') this.reply(rq, 403, 'Forbidden');
      return;
    }
    if (method === 'OPTIONS') return this.reply(rq, 200, 'OK', { allow: 'INVITE, ACK, BYE, CANCEL, OPTIONS, REFER, NOTIFY' });
    const dialog = this.dialogOf(rq);
    if (method === 'CANCEL') return this.onCancel(rq);
    if (dialog) return this.inDialog(dialog, rq);
    if (rq.headers.to?.params.tag) {
      if (method !== 'ACK') this.reply(rq, 481, 'Call/Transaction Does Not Exist');
      return;
    }
    if (method === 'INVITE') return this.onInvite(rq);
    if (method !== 'ACK') this.reply(rq, 405, 'Method Not Allowed', { allow: 'INVITE, ACK, BYE, CANCEL, OPTIONS, REFER, NOTIFY' });
  }

  private dialogOf(m: SipMessage): Dialog | undefined {
    const d = this.dialogs.get(m.headers['call-id'] ?? '');
    if (!d) return undefined;
    const tags = [m.headers.from?.params.tag, m.headers.to?.params.tag];
    return tags.includes(d.local.params.tag) ? d : undefined;
  }

  /** Inbound: Kamailio has authenticated the carrier and named the trunk. */
  private async onInvite(rq: SipMessage): Promise<void> {
    const { services } = this.options;
    this.reply(rq, 100, 'Trying');
    const trunkId = Number(String(rq.headers[TRUNK_HEADER] ?? ''));
    const offer = rq.content ? chooseMedia(rq.content) : null;
    if (!offer) return this.reply(rq, 488, 'Not Acceptable Here');
    const trunk = Number.isInteger(trunkId) && trunkId > 0
      ? await services.db.selectFrom('phone_numbers').select(['id', 'user_id', 'phone_number', 'sip_address', 'sip_calling_format', 'country_code']).where('id', '=', trunkId).where('provider', '=', SIP_PROVIDER).executeTakeFirst()
      : undefined;
    if (!trunk) return this.reply(rq, 404, 'Not Found');
    const assistant = await services.db
      .selectFrom('assistants')
      .select(['id', 'mode'])
      .where('user_id', '=', trunk.user_id)
      .where('phone_number_id', '=', trunk.id)
      .where('type', '=', 'inbound')
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (!assistant) return this.reply(rq, 480, 'No Assistant Answers This Number');
    if (refusesPhoneCall(services, assistant.mode)) return this.reply(rq, 480, 'Voice Pipeline Not Configured');
    const callId = rq.headers['call-id']!;
    const from = sipModule().parseUri(rq.headers.from!.uri);
    const socket = await openRtpSocket(this.options.host);
    const dialog: Dialog = {
      callId,
      local: { ...rq.headers.to!, params: { ...rq.headers.to!.params, tag: tag() } },
      remote: rq.headers.from!,
      remoteTarget: rq.headers.contact?.[0]?.uri ?? rq.headers.from!.uri,
      routeSet: rq.headers['record-route'] ?? [],
      cseq: 1,
      media: null as unknown as RtpMedia,
      live: null,
      ended: false,
      resend: null,
      invite: null,
    };
    dialog.media = this.mediaFor(dialog, socket);
    this.dialogs.set(callId, dialog);
    this.pendingInvites.set(callId, { rq, dialog });
    const { ticket } = await issueTicket(services.db, services.now(), {
      kind: SIP_PROVIDER,
      userId: trunk.user_id,
      assistantId: assistant.id,
      phoneNumberId: trunk.id,
      details: { from: from?.user ?? rq.headers.from!.uri, to: trunk.phone_number, provider_call_id: callId },
      ttlMs: PHONE_TICKET_MS,
    });
    const phone = trunk.sip_address
      ? sipPhoneLine(this, { providerCallId: callId, callerNumber: from?.user ?? '', lineNumber: trunk.phone_number }, { id: trunk.id, sipAddress: trunk.sip_address, callingFormat: trunk.sip_calling_format, countryCode: trunk.country_code }, this.options.speak)
      : undefined;
    const live = await mediaContext(services, { name: SIP_PROVIDER }).begin(ticket, phone ? { ...dialog.media.transport, phone } : dialog.media.transport);
    if (!live) {
      if (dialog.ended) return;
      this.forget(dialog);
      return this.reply(rq, 480, 'Temporarily Unavailable');
    }
    if (dialog.ended) {
      // CANCELled while the session started.
      await live.input.end('caller_ended');
      return;
    }
    dialog.live = live;
    live.record.onLost = () => void this.hangUp(dialog, 'error');
    const ok = () =>
      this.reply(
        rq,
        200,
        'OK',
        { to: dialog.local, contact: [{ uri: this.contact, params: {} }], 'record-route': rq.headers['record-route'], 'content-type': 'application/sdp' },
        answerSdp({ address: this.options.host, port: dialog.media.localPort, sessionId: Date.now() }, offer),
      );
    ok();
    dialog.media.connect(offer);
    let interval = T1;
    const started = Date.now();
    const again = () => {
      if (dialog.ended || Date.now() - started > 64 * T1) return;
      ok();
      interval = Math.min(interval * 2, T2);
      dialog.resend = setTimeout(again, interval);
    };
    dialog.resend = setTimeout(again, interval);
  }

  /** Inbound INVITEs not answered yet or answered and not ACKed (CANCEL finds them here). */
  private readonly pendingInvites = new Map<string, { rq: SipMessage; dialog: Dialog }>();

  private onCancel(rq: SipMessage): void {
    this.reply(rq, 200, 'OK');
    const pending = this.pendingInvites.get(rq.headers['call-id'] ?? '');
    // Answered already (a 2xx sent): a CANCEL has no effect (RFC 3261 9.2); the caller's BYE ends the call.
    if (!pending || pending.dialog.live) return;
    // Still starting: the INVITE is answered 487 and the session, once it has started, ended (onInvite).
    pending.dialog.ended = true;
    this.forget(pending.dialog);
    this.reply(pending.rq, 487, 'Request Terminated');
  }

  private mediaFor(dialog: Dialog, socket: Awaited<ReturnType<typeof openRtpSocket>>): RtpMedia {
    const media = new RtpMedia(socket, {
      audio: (samples) => dialog.live?.input.pushAudio(samples),
      hangUp: () => void this.sendBye(dialog),
    });
    media.onDtmfPacket = keyReceiver((key) => dialog.live?.input.pushDigit?.(key));
    return media;
  }

  private inDialog(dialog: Dialog, rq: SipMessage): void {
    switch (rq.method) {
      case 'ACK':
        if (dialog.resend) clearTimeout(dialog.resend);
        dialog.resend = null;
        this.pendingInvites.delete(dialog.callId);
        return;
      case 'BYE':
        this.reply(rq, 200, 'OK');
        void this.remoteEnded(dialog, 'caller_ended');
        return;
      case 'INVITE': {
        // A re-INVITE (hold, a new address): the same codec at the new address.
        const media = rq.content ? chooseMedia(rq.content) : null;
        if (!media) return this.reply(rq, 488, 'Not Acceptable Here');
        dialog.media.connect(media);
        this.reply(rq, 200, 'OK', { to: dialog.local, contact: [{ uri: this.contact, params: {} }], 'content-type': 'application/sdp' }, answerSdp({ address: this.options.host, port: dialog.media.localPort, sessionId: Date.now() }, media));
        return;
      }
      case 'REFER':
        // Accepted; what a transfer does with it is the transfer tool's (the other side asked us to call a third).
        this.reply(rq, 202, 'Accepted');
        return;
      case 'NOTIFY':
      case 'INFO':
      case 'OPTIONS':
        this.reply(rq, 200, 'OK');
        return;
      default:
        this.reply(rq, 405, 'Method Not Allowed');
    }
  }

  /** A request inside the dialog, from us. */
  private request(dialog: Dialog, method: string, extra: Partial<SipMessage['headers']> = {}, onResponse?: (rs: SipMessage) => void): void {
    dialog.cseq += 1;
    this.stack.send(
      {
        method,
        uri: dialog.remoteTarget,
        headers: {
          to: dialog.remote,
          from: dialog.local,
          'call-id': dialog.callId,
          cseq: { method, seq: dialog.cseq },
          ...(dialog.routeSet.length > 0 ? { route: dialog.routeSet.map((r) => ({ ...r })) } : {}),
          contact: [{ uri: this.contact, params: {} }],
          'max-forwards': 70,
          ...extra,
        },
      },
      onResponse,
    );
  }

  private async sendBye(dialog: Dialog): Promise<void> {
    if (!this.dialogs.has(dialog.callId)) return;
    this.forget(dialog);
    this.request(dialog, 'BYE');
  }

  /** The session or the call record ends the call: the session is told (when it is not the one ending) and BYE sent. */
  private async hangUp(dialog: Dialog, reason: VoiceEndReason): Promise<void> {
    if (!dialog.ended) {
      dialog.ended = true;
      await dialog.live?.input.end(reason);
    }
    await this.sendBye(dialog);
  }

  private async remoteEnded(dialog: Dialog, reason: VoiceEndReason): Promise<void> {
    this.forget(dialog);
    if (dialog.ended) return;
    dialog.ended = true;
    await dialog.live?.input.end(reason);
  }

  private forget(dialog: Dialog): void {
    if (dialog.resend) clearTimeout(dialog.resend);
    dialog.resend = null;
    this.pendingInvites.delete(dialog.callId);
    this.dialogs.delete(dialog.callId);
    dialog.media.close();
  }

  /** Asks the other side to call `target` (a SIP or tel URI) instead: a cold transfer. Resolves with its answer's status. */
  refer(providerCallId: string, target: string): Promise<number> {
    const dialog = this.dialogs.get(providerCallId);
    if (!dialog) return Promise.resolve(481);
    return new Promise((resolve) => {
      this.request(dialog, 'REFER', { 'refer-to': `<${target}>`, 'referred-by': `<${dialog.local.uri}>` }, (rs) => {
        if ((rs.status ?? 0) >= 200) resolve(rs.status ?? 500);
      });
    });
  }

  /** A call's tags (ours and the other side's) and the URI dialled, for a Replaces naming its dialog. */
  tagsOf(providerCallId: string): { local: string; remote: string } | null {
    const dialog = this.dialogs.get(providerCallId);
    const local = dialog?.local.params.tag;
    const remote = dialog?.remote.params.tag;
    if (!dialog || dialog.invite || typeof local !== 'string' || typeof remote !== 'string') return null;
    return { local, remote };
  }

  /** Hangs up a call without a session (a supervisor's leg): BYE. */
  async bye(providerCallId: string): Promise<void> {
    const dialog = this.dialogs.get(providerCallId);
    if (dialog) await this.hangUp(dialog, 'end_call');
  }

  /** Whether the call (its Call-ID) is up here. */
  has(providerCallId: string): boolean {
    return this.dialogs.has(providerCallId);
  }

  /**
   * An outbound call through Kamailio: resolves once the INVITE is on its way, with its Call-ID and the
   * outcome to come (answered: the session runs; or why not).
   */
  async dial(request: DialRequest): Promise<{ callId: string; outcome: Promise<{ result: DialResult; status: number }> }> {
    const callId = `${randomBytes(12).toString('hex')}@famulor`;
    const socket = await openRtpSocket(this.options.host);
    const localTag = tag();
    const dialog: Dialog = {
      callId,
      local: { uri: `sip:${request.from}@${request.fromHost}`, params: { tag: localTag } },
      remote: { uri: `sip:${request.to}@${request.host}`, params: {} },
      remoteTarget: `sip:${request.to}@${request.host}`,
      routeSet: [],
      cseq: 1,
      media: null as unknown as RtpMedia,
      live: null,
      ended: false,
      resend: null,
      invite: null,
    };
    dialog.media = this.mediaFor(dialog, socket);
    this.dialogs.set(callId, dialog);
    const invite: SipMessage = {
      method: 'INVITE',
      uri: `sip:${request.to}@${request.host}`,
      headers: {
        to: { uri: `sip:${request.to}@${request.host}`, params: {} },
        from: dialog.local,
        'call-id': callId,
        cseq: { method: 'INVITE', seq: 1 },
        contact: [{ uri: this.contact, params: {} }],
        route: [{ uri: `sip:${this.options.proxy.host}:${this.options.proxy.port};lr`, params: {} }],
        'max-forwards': 70,
        [TRUNK_HEADER]: String(request.trunkId),
        'content-type': 'application/sdp',
      },
      content: offerSdp({ address: this.options.host, port: dialog.media.localPort, sessionId: Date.now() }),
    };
    dialog.invite = invite;
    const outcome = new Promise<{ result: DialResult; status: number }>((resolve) => {
      let settled = false;
      let cancelled = false;
      let giveUp: NodeJS.Timeout | null = null;
      const finish = (result: DialResult, status: number) => {
        if (settled) return;
        settled = true;
        clearTimeout(ringTimer);
        if (giveUp) clearTimeout(giveUp);
        if (result !== 'answered') this.forget(dialog);
        resolve({ result, status });
      };
      const ringTimer = setTimeout(() => {
        cancelled = true;
        this.cancel(dialog);
        // The CANCEL's 487 should end the INVITE; a callee that never answers it is given up on.
        giveUp = setTimeout(() => finish('no-answer', 408), 32 * T1);
      }, request.ringMs);
      this.stack.send(invite, (rs) => {
        const status = rs.status ?? 500;
        if (status < 200) {
          if (status === 180 || status === 183) request.onRinging?.();
          return;
        }
        if (status >= 300) {
          if (cancelled || status === 487 || status === 408 || status === 480) return finish('no-answer', status);
          if (status === 486 || status === 600) return finish('busy', status);
          return finish('failed', status);
        }
        // 2xx: ACK it (every 2xx: a retransmission or another fork), once; the dialog is the first.
        const target = rs.headers.contact?.[0]?.uri ?? dialog.remoteTarget;
        const routeSet = [...(rs.headers['record-route'] ?? [])].reverse();
        const ack: SipMessage = {
          method: 'ACK',
          uri: target,
          headers: {
            to: rs.headers.to!,
            from: rs.headers.from!,
            'call-id': callId,
            cseq: { method: 'ACK', seq: rs.headers.cseq?.seq ?? 1 },
            via: [],
            ...(routeSet.length > 0 ? { route: routeSet.map((r) => ({ ...r })) } : {}),
            'max-forwards': 70,
          },
        };
        this.stack.send(ack);
        if (settled) return;
        dialog.remote = rs.headers.to!;
        dialog.remoteTarget = target;
        dialog.routeSet = routeSet;
        dialog.invite = null;
        const media: MediaChoice | null = rs.content ? chooseMedia(rs.content) : null;
        if (!media || cancelled) {
          finish('failed', status);
          this.request(dialog, 'BYE');
          return;
        }
        dialog.media.connect(media);
        void request.onAnswer(dialog.media, callId).then((live) => {
          if (!live) {
            finish('failed', status);
            this.request(dialog, 'BYE');
            return;
          }
          if (live !== 'leg') {
            dialog.live = live;
            live.record.onLost = () => void this.hangUp(dialog, 'error');
          }
          finish('answered', status);
        });
      });
    });
    return { callId, outcome };
  }

  /** CANCEL an outbound INVITE that has not been answered (its final answer, 487, ends the dial). */
  private cancel(dialog: Dialog): void {
    const invite = dialog.invite;
    if (!invite) return;
    this.stack.send({
      method: 'CANCEL',
      uri: invite.uri!,
      headers: {
        to: invite.headers.to!,
        from: invite.headers.from!,
        'call-id': dialog.callId,
        cseq: { method: 'CANCEL', seq: invite.headers.cseq!.seq },
        via: [invite.headers.via![0]!],
        route: invite.headers.route,
        'max-forwards': 70,
      },
    });
  }

  /** Cancels an outbound call still ringing (the call was cancelled in the service). */
  cancelDial(providerCallId: string): boolean {
    const dialog = this.dialogs.get(providerCallId);
    if (!dialog?.invite) return false;
    this.cancel(dialog);
    return true;
  }

  async stop(): Promise<void> {
    for (const dialog of [...this.dialogs.values()]) {
      if (dialog.invite) this.cancel(dialog);
      else await this.hangUp(dialog, 'dropped');
    }
    // The BYEs and CANCELs leave before the socket closes.
    await new Promise((r) => setTimeout(r, 50));
    this.stack.destroy();
  }
}
