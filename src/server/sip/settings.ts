import { networkInterfaces } from 'node:os';

/*
 * SIP's configuration, read from the environment here (beside config.ts, which reads the rest):
 * - SIP_PORT (default 5060): where Kamailio takes carriers' calls (UDP), on SIP_LISTEN (default 0.0.0.0).
 * - PUBLIC_SIP_HOST: the address carriers reach (the digest realm, shown to users); default PUBLIC_URL's host.
 * - SIP_ENDPOINT_HOST / SIP_ENDPOINT_PORT (default 127.0.0.1:5070): this process's own SIP endpoint, which
 *   only Kamailio talks to (RTP goes from the same host, on a free port per call).
 * - SIP_BACKENDS: the SIP endpoints of every service process behind this Kamailio (host:port, commas);
 *   default this process's own. Kamailio spreads calls over them and probes them with OPTIONS.
 * - SIP_PROXY (host:port): where this process sends its outbound calls (Kamailio); default 127.0.0.1:SIP_PORT.
 * - KAMAILIO_PATH (default `kamailio` on PATH), KAMAILIO_MODULES (Debian's folder), SIP=0 to leave SIP off.
 * - rtpengine, for carriers behind NAT or without G.711 (sip/rtpengine.ts): run beside Kamailio when installed
 *   (RTPENGINE_PATH, default `rtpengine`; RTPENGINE=0 leaves it off), its control on 127.0.0.1:RTPENGINE_NG_PORT
 *   (default 2223), media on RTPENGINE_PORTS (default 30000-30999) at RTPENGINE_INTERFACE (default: SIP_LISTEN
 *   when it names an address, else this machine's first outward IPv4 address; `local!public` when carriers
 *   reach it through a public address of its own).
 */

export interface SipSettings {
  enabled: boolean;
  port: number;
  listenHost: string;
  publicHost: string;
  endpointHost: string;
  endpointPort: number;
  backends: string[];
  proxy: { host: string; port: number };
  kamailioPath: string;
  kamailioModules: string;
  rtpengine: { enabled: boolean; path: string; ngPort: number; portMin: number; portMax: number; interface: string };
}

function int(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

function hostPort(raw: string, fallbackPort: number): { host: string; port: number } {
  const m = /^(.*?)(?::(\d+))?$/.exec(raw.trim());
  return { host: m?.[1] || '127.0.0.1', port: int(m?.[2], fallbackPort) };
}

/** The first outward IPv4 address of this machine (rtpengine's default interface), else loopback. */
function outwardIpv4(): string {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

function portRange(raw: string | undefined): { portMin: number; portMax: number } {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(raw ?? '');
  const min = int(m?.[1], 30_000);
  const max = int(m?.[2], 30_999);
  return min < max ? { portMin: min, portMax: max } : { portMin: 30_000, portMax: 30_999 };
}

export function sipSettings(env: NodeJS.ProcessEnv, publicUrl: string): SipSettings {
  const port = int(env.SIP_PORT, 5060);
  const endpointHost = env.SIP_ENDPOINT_HOST?.trim() || '127.0.0.1';
  const endpointPort = int(env.SIP_ENDPOINT_PORT, 5070);
  const backends = (env.SIP_BACKENDS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  let publicHost = env.PUBLIC_SIP_HOST?.trim() || '';
  if (!publicHost) {
    try {
      publicHost = new URL(publicUrl).hostname;
    } catch {
      publicHost = 'localhost';
    }
  }
  const listenHost = env.SIP_LISTEN?.trim() || '0.0.0.0';
  return {
    enabled: env.SIP !== '0',
    port,
    listenHost,
    publicHost,
    endpointHost,
    endpointPort,
    backends: backends.length > 0 ? backends : [`${endpointHost}:${endpointPort}`],
    proxy: env.SIP_PROXY?.trim() ? hostPort(env.SIP_PROXY, port) : { host: '127.0.0.1', port },
    kamailioPath: env.KAMAILIO_PATH?.trim() || 'kamailio',
    kamailioModules: env.KAMAILIO_MODULES?.trim() || '/usr/lib/x86_64-linux-gnu/kamailio/modules',
    rtpengine: {
      enabled: env.RTPENGINE !== '0',
      path: env.RTPENGINE_PATH?.trim() || 'rtpengine',
      ngPort: int(env.RTPENGINE_NG_PORT, 2223),
      ...portRange(env.RTPENGINE_PORTS),
      interface: env.RTPENGINE_INTERFACE?.trim() || (listenHost !== '0.0.0.0' ? listenHost : outwardIpv4()),
    },
  };
}
