import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { SupervisedChild } from './supervised-child';

/*
 * rtpengine (Debian's rtpengine-daemon) as a child of the service, in userspace only (`--table=-1`: no kernel
 * module), for the calls whose media cannot go straight between the carrier and the service's endpoint:
 * a carrier behind NAT (its SDP names a private address) or one that offers no G.711 (rtpengine transcodes).
 * Kamailio decides per call and drives it over the ng protocol (kamailio-config.ts, route MEDIA_IN); every
 * other call's RTP stays direct. Its media ports are RTPENGINE_PORTS on RTPENGINE_INTERFACE (sip/settings.ts).
 */

export interface RtpengineOptions {
  path: string;
  /** rtpengine's --interface: the local address, optionally `!` the address carriers are told. */
  interface: string;
  /** Its ng control port (UDP, on 127.0.0.1: only Kamailio talks to it). */
  ngPort: number;
  portMin: number;
  portMax: number;
  log?: (line: string) => void;
}

/** Whether the program runs here (`rtpengine --version`). */
export function rtpengineInstalled(path: string): boolean {
  const run = spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 5_000 });
  return run.status === 0;
}

/** One ng `ping` (bencode over UDP): true when it answers `pong` within `ms`. */
export function ngPing(port: number, ms = 500): Promise<boolean> {
  const cookie = randomBytes(6).toString('hex');
  const socket = createSocket('udp4');
  return new Promise((resolve) => {
    let finished = false;
    const done = (ok: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('error', () => done(false));
    socket.on('message', (msg) => done(msg.toString('latin1') === `${cookie} d6:result4:ponge`));
    socket.send(`${cookie} d7:command4:pinge`, port, '127.0.0.1');
  });
}

export class Rtpengine {
  private readonly child: SupervisedChild;

  constructor(private readonly options: RtpengineOptions) {
    this.child = new SupervisedChild({
      path: options.path,
      args: ['--config-file=none', '--foreground', '--log-stderr', '--table=-1', `--interface=${options.interface}`, `--listen-ng=127.0.0.1:${options.ngPort}`, `--port-min=${options.portMin}`, `--port-max=${options.portMax}`, '--log-level=4'],
      notable: /ERR|CRIT|ALERT|WARNING/,
      log: options.log ?? ((line: string) => console.error(`rtpengine: ${line}`)),
    });
  }

  /** Where Kamailio's rtpengine module reaches it. */
  get ngSocket(): string {
    return `udp:127.0.0.1:${this.options.ngPort}`;
  }

  /** Starts it; resolves once it answers a ping. */
  async start(): Promise<void> {
    this.child.start();
    const until = Date.now() + 15_000;
    while (!(await ngPing(this.options.ngPort, 200))) {
      if (Date.now() > until || this.child.isStopped) throw new Error(`rtpengine did not answer on udp:127.0.0.1:${this.options.ngPort}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}
