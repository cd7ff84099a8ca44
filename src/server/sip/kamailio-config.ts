import { join } from 'node:path';

/*
 * Kamailio's configuration, generated (written to DATA_DIR/kamailio/ by sip/kamailio.ts), and the tables it reads:
 * - kamailio.cfg: the routing script below (static but for addresses and paths);
 * - db/trunks: an htable (db_text) of the trunks, rebuilt from phone_numbers whenever a trunk changes and reloaded
 *   with `kamcmd htable.reload trunk`: no restart, calls in progress go on;
 * - dispatcher.list: the service processes' SIP endpoints, probed with OPTIONS (one that does not answer is
 *   taken out of the set until it answers again).
 *
 * What the script does:
 * - from a carrier: only INVITE starts a call. The number dialled ($rU, "+" dropped) must be a trunk's
 *   (else 404). A trunk with an IP allow-list takes the call from those addresses only (else 403); any other
 *   is digest-challenged (401) and the answer checked against the trunk's HA1 (the username's trunk, which
 *   must own the number: else 403). The call then goes to one service process (round robin) with the header
 *   X-Famulor-Trunk: <phone_numbers.id> (a carrier's own X-Famulor-* headers are removed first); a process that
 *   does not answer (408/503) is skipped for the next one.
 * - from a service process (its address is in the dispatcher set): an outbound INVITE carrying
 *   X-Famulor-Trunk goes to the trunk's sip_address (port 5060), and a 401/407 from the carrier is answered
 *   once with the trunk's username and password (uac_auth).
 * - in-dialog requests (ACK, BYE, re-INVITE, REFER) follow the Record-Route set; CANCEL follows its INVITE.
 * - with rtpengine (sip/rtpengine.ts), route MEDIA_IN looks at a carrier's offer: an SDP naming a private
 *   address, or a Via that is not where the INVITE came from, is a carrier behind NAT (nathelper's tests 8 and
 *   2): its media is anchored at rtpengine, which sends to where the signalling came from (SIP-source-address)
 *   and then to where its media comes from. An offer without PCMU or PCMA is anchored too, with G.711 added for
 *   the service (rtpengine transcodes). The Record-Route carries `rtpe=1` so a re-INVITE's offer goes through
 *   rtpengine as well and the BYE ends rtpengine's call;
 *   a call refused or cancelled before its answer is left to rtpengine's own time-out (60 s without media).
 *   Every other call's RTP goes straight between the carrier and the service.
 */

export interface KamailioLayout {
  dir: string;
  cfg: string;
  dbDir: string;
  trunks: string;
  dispatcher: string;
  ctl: string;
  runDir: string;
}

export function kamailioLayout(dataDir: string): KamailioLayout {
  const dir = join(dataDir, 'kamailio');
  return {
    dir,
    cfg: join(dir, 'kamailio.cfg'),
    dbDir: join(dir, 'db'),
    trunks: join(dir, 'db', 'trunks'),
    dispatcher: join(dir, 'dispatcher.list'),
    ctl: join(dir, 'ctl.sock'),
    runDir: join(dir, 'run'),
  };
}

export interface KamailioSettings {
  /** Where carriers reach Kamailio (an address of this machine, or 0.0.0.0). */
  listenHost: string;
  port: number;
  /** The digest realm carriers answer (PUBLIC_SIP_HOST). */
  realm: string;
  /** Kamailio's own modules folder (Debian's by default). */
  modulesDir: string;
  /** 0-3 (2 shows each refusal). */
  logLevel: number;
  /** rtpengine's ng socket (`udp:127.0.0.1:2223`) when it runs: calls from carriers behind NAT or without G.711 go through it. */
  rtpengine?: string | null;
}

/** A quoted string of Kamailio's configuration language. */
function q(text: string): string {
  if (/["\\\r\n]/.test(text)) throw new Error(`Not allowed in Kamailio's configuration: ${JSON.stringify(text)}`);
  return `"${text}"`;
}

/** The media routes (with rtpengine): see the header. */
const MEDIA_ROUTES = `route[MEDIA_IN] {
\tif (!has_body("application/sdp")) return;
\t$var(flags) = "";
\tif (nat_uac_test("10")) {
\t\t$var(flags) = "replace-origin replace-session-connection SIP-source-address";
\t} else if (!sdp_with_codecs_by_name("PCMU") && !sdp_with_codecs_by_name("PCMA")) {
\t\t$var(flags) = "replace-origin replace-session-connection";
\t}
\tif ($var(flags) == "") return;
\tif (!rtpengine_offer("$var(flags) codec-transcode-PCMU codec-transcode-PCMA")) {
\t\txlog("L_ERR", "SIP: rtpengine refused the offer of $ci\\n");
\t\tsl_send_reply("503", "Media Unavailable");
\t\texit;
\t}
\txlog("L_NOTICE", "SIP: media of $ci from $si through rtpengine\\n");
\tadd_rr_param(";rtpe=1");
\tt_on_reply("MEDIA_ANSWER");
}

# A call anchored at rtpengine: the BYE ends rtpengine's call; a re-INVITE's offer (hold, a new address) goes
# through it too, so neither side is handed the other's own address.
route[MEDIA_IN_DIALOG] {
\tif (is_method("BYE")) { rtpengine_delete(); return; }
\tif (!is_method("INVITE") || !has_body("application/sdp")) return;
\t$var(flags) = "replace-origin replace-session-connection";
\tif (nat_uac_test("10")) $var(flags) = "replace-origin replace-session-connection SIP-source-address";
\tif (rtpengine_offer("$var(flags) codec-transcode-PCMU codec-transcode-PCMA")) t_on_reply("MEDIA_ANSWER");
}

onreply_route[MEDIA_ANSWER] {
\tif (has_body("application/sdp")) rtpengine_answer("replace-origin replace-session-connection");
}

`;

export function kamailioCfg(s: KamailioSettings, layout: KamailioLayout): string {
  return `#!KAMAILIO
# Generated by the service (src/server/sip/kamailio-config.ts) on every start: edits here are overwritten.
debug=${s.logLevel}
log_stderror=yes
log_prefix="{$mt $hdr(CSeq) $ci} "
children=2
auto_aliases=no
listen=udp:${s.listenHost}:${s.port}
mpath=${q(s.modulesDir)}

loadmodule "ctl.so"
loadmodule "kex.so"
loadmodule "corex.so"
loadmodule "tm.so"
loadmodule "tmx.so"
loadmodule "sl.so"
loadmodule "rr.so"
loadmodule "pv.so"
loadmodule "maxfwd.so"
loadmodule "textops.so"
loadmodule "siputils.so"
loadmodule "xlog.so"
loadmodule "sanity.so"
loadmodule "db_text.so"
loadmodule "htable.so"
loadmodule "auth.so"
loadmodule "ipops.so"
loadmodule "dispatcher.so"
loadmodule "uac.so"
${s.rtpengine ? `loadmodule "nathelper.so"
loadmodule "sdpops.so"
loadmodule "rtpengine.so"
` : ''}
modparam("ctl", "binrpc", ${q(`unix:${layout.ctl}`)})
modparam("tm", "fr_timer", 5000)
modparam("tm", "fr_inv_timer", 120000)
modparam("rr", "append_fromtag", 1)
modparam("db_text", "db_mode", 1)
modparam("htable", "db_url", ${q(`text://${layout.dbDir}`)})
modparam("htable", "htable", "trunk=>size=10;dbtable=trunks;")
modparam("dispatcher", "list_file", ${q(layout.dispatcher)})
modparam("dispatcher", "ds_ping_method", "OPTIONS")
modparam("dispatcher", "ds_ping_interval", 2)
modparam("dispatcher", "ds_probing_mode", 1)
modparam("dispatcher", "ds_probing_threshold", 1)
modparam("dispatcher", "ds_inactive_threshold", 1)
modparam("dispatcher", "ds_ping_reply_codes", "class=2")
modparam("uac", "auth_username_avp", "$avp(au)")
modparam("uac", "auth_password_avp", "$avp(ap)")
modparam("uac", "auth_realm_avp", "$avp(ar)")
${s.rtpengine ? `modparam("rtpengine", "rtpengine_sock", ${q(s.rtpengine)})
` : ''}
request_route {
\tif (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
\tif (!sanity_check()) exit;
\tif (has_totag()) { route(IN_DIALOG); exit; }
\tif (is_method("CANCEL")) { if (t_check_trans()) t_relay(); exit; }
\tif (is_method("ACK")) { if (t_check_trans()) t_relay(); exit; }
\tif (is_method("OPTIONS") && $rU == $null) { sl_send_reply("200", "OK"); exit; }
\tif (ds_is_from_list("1")) { route(TO_CARRIER); exit; }
\troute(FROM_CARRIER);
}

route[IN_DIALOG] {
\tif (loose_route()) {
${s.rtpengine ? '\t\tif (check_route_param("rtpe=1")) route(MEDIA_IN_DIALOG);\n' : ''}\t\tif (!t_relay()) sl_reply_error();
\t\texit;
\t}
\tif (is_method("ACK")) { if (t_check_trans()) t_relay(); exit; }
\tsl_send_reply("404", "Not Here");
}

route[FROM_CARRIER] {
\tif (!is_method("INVITE")) { sl_send_reply("405", "Method Not Allowed"); exit; }
\tremove_hf_re("^X-Famulor-");
\t$var(n) = $rU;
\tif ($(var(n){s.substr,0,1}) == "+") $var(n) = $(var(n){s.substr,1,0});
\t# A $var assigned $null holds 0: the table itself is asked.
\tif ($sht(trunk=>n.$var(n)) == $null) {
\t\txlog("L_NOTICE", "SIP: no trunk has the number $rU (from $si)\\n");
\t\tsl_send_reply("404", "Not Found");
\t\texit;
\t}
\t$var(id) = $sht(trunk=>n.$var(n));
\tif ($sht(trunk=>ip.$var(id)) != $null) {
\t\tif (!is_in_subnet("$si", "$sht(trunk=>ip.$var(id))")) {
\t\t\txlog("L_NOTICE", "SIP: $si is not on trunk $var(id)'s allow-list\\n");
\t\t\tsl_send_reply("403", "Forbidden");
\t\t\texit;
\t\t}
\t} else {
\t\tif (!is_present_hf("Authorization")) { www_challenge(${q(s.realm)}, "0"); exit; }
\t\t$var(u) = $au;
\t\t$var(id) = $sht(trunk=>u.$var(u));
\t\t# An unknown user leaves 0 in $var(id), and num.0 is no number.
\t\tif ($sht(trunk=>num.$var(id)) != $var(n)) {
\t\t\txlog("L_NOTICE", "SIP: user $au has no trunk with the number $rU\\n");
\t\t\tsl_send_reply("403", "Forbidden");
\t\t\texit;
\t\t}
\t\t$var(ha1) = $sht(trunk=>ha1.$var(id));
\t\tif (!pv_www_authenticate(${q(s.realm)}, "$var(ha1)", "1")) {
\t\t\txlog("L_NOTICE", "SIP: wrong credentials for $au from $si\\n");
\t\t\tsl_send_reply("403", "Forbidden");
\t\t\texit;
\t\t}
\t\tconsume_credentials();
\t}
\tappend_hf("X-Famulor-Trunk: $var(id)\\r\\n");
${s.rtpengine ? '\troute(MEDIA_IN);\n' : ''}\trecord_route();
\tif (!ds_select_dst("1", "4")) { sl_send_reply("503", "Service Unavailable"); exit; }
\tt_on_failure("BACKEND_FAILED");
\tif (!t_relay()) sl_reply_error();
}

${s.rtpengine ? MEDIA_ROUTES : ''}failure_route[BACKEND_FAILED] {
\tif (t_is_canceled()) exit;
\tif (t_check_status("408|500|503") || t_branch_timeout()) {
\t\tif (ds_next_dst()) {
\t\t\tt_on_failure("BACKEND_FAILED");
\t\t\tt_relay();
\t\t}
\t}
}

route[TO_CARRIER] {
\tif (is_method("OPTIONS")) { sl_send_reply("200", "OK"); exit; }
\tif (!is_method("INVITE")) { sl_send_reply("405", "Method Not Allowed"); exit; }
\t$var(id) = $hdr(X-Famulor-Trunk);
\tremove_hf_re("^X-Famulor-");
\tif ($sht(trunk=>host.$var(id)) == $null) { sl_send_reply("404", "No Such Trunk"); exit; }
\t$avp(trunk) = $var(id);
\trecord_route();
\tt_on_failure("CARRIER_CHALLENGE");
\tif (!t_relay()) sl_reply_error();
}

failure_route[CARRIER_CHALLENGE] {
\tif (t_is_canceled()) exit;
\tif (t_check_status("401|407") && $avp(authed) == $null) {
\t\t$avp(authed) = 1;
\t\t$avp(au) = $sht(trunk=>user.$avp(trunk));
\t\t$avp(ap) = $sht(trunk=>pass.$avp(trunk));
\t\tif (uac_auth()) {
\t\t\tt_on_failure("CARRIER_CHALLENGE");
\t\t\tt_relay();
\t\t}
\t}
}
`;
}

/** One row of the trunks htable. */
export interface TrunkEntry {
  key: string;
  value: string;
}

/** db_text's escaping: ':' separates columns, '\\' escapes. */
function dbText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** The htable's db_text file: key_name, key_type 0 (a plain key), value_type 0 (a string), key_value, expires 0. */
export function trunksTable(entries: TrunkEntry[]): string {
  const rows = entries.map((e) => `${dbText(e.key)}:0:0:${dbText(e.value)}:0`);
  return ['key_name(str) key_type(int) value_type(int) key_value(str) expires(int)', ...rows, ''].join('\n');
}

/** Kamailio's dispatcher set 1: the service processes' SIP endpoints. */
export function dispatcherList(backends: string[]): string {
  return `${backends.map((b) => `1 sip:${b} 0 0`).join('\n')}\n`;
}
