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
}

function int(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

function hostPort(raw: string, fallbackPort: number): { host: string; port: number } {
  const m = /^(.*?)(?::(\d+))?$/.exec(raw.trim());
  return { host: m?.[1] || '127.0.0.1', port: int(m?.[2], fallbackPort) };
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
  return {
    enabled: env.SIP !== '0',
    port,
    listenHost: env.SIP_LISTEN?.trim() || '0.0.0.0',
    publicHost,
    endpointHost,
    endpointPort,
    backends: backends.length > 0 ? backends : [`${endpointHost}:${endpointPort}`],
    proxy: env.SIP_PROXY?.trim() ? hostPort(env.SIP_PROXY, port) : { host: '127.0.0.1', port },
    kamailioPath: env.KAMAILIO_PATH?.trim() || 'kamailio',
    kamailioModules: env.KAMAILIO_MODULES?.trim() || '/usr/lib/x86_64-linux-gnu/kamailio/modules',
  };
}
