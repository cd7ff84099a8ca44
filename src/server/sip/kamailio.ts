import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SupervisedChild } from './supervised-child';
import { dispatcherList, kamailioCfg, kamailioLayout, trunksTable, type KamailioLayout, type KamailioSettings, type TrunkEntry } from './kamailio-config';

/*
 * Kamailio as a child of the service (`npm start`, the tests, the benchmark): its files written in
 * DATA_DIR/kamailio/, run in the foreground (-DD -E: its log on our stderr pipe) and kept running as
 * supervised-child.ts says. A trunk change rewrites the trunks table and
 * asks the running Kamailio to reload it (kamcmd over its ctl socket): calls in progress are not touched.
 */

export interface KamailioOptions extends KamailioSettings {
  /** The kamailio program. */
  path: string;
  dataDir: string;
  backends: string[];
  /** Where its notable lines go (refusals, errors). */
  log?: (line: string) => void;
}

/** Whether the program runs here (`kamailio -v`). */
export function kamailioInstalled(path: string): boolean {
  const run = spawnSync(path, ['-v'], { stdio: 'ignore', timeout: 5_000 });
  return run.status === 0;
}

function kamcmd(layout: KamailioLayout, kamailioPath: string, ...args: string[]): Promise<string> {
  // kamcmd lives beside kamailio (Debian: /usr/sbin).
  const program = kamailioPath.includes('/') ? join(dirname(kamailioPath), 'kamcmd') : 'kamcmd';
  return new Promise((resolve, reject) => {
    execFile(program, ['-s', `unix:${layout.ctl}`, ...args], { timeout: 5_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kamcmd ${args.join(' ')}: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}

export class Kamailio {
  readonly layout: KamailioLayout;
  private readonly child: SupervisedChild;
  private readyWait: Promise<void> | null = null;

  constructor(private readonly options: KamailioOptions) {
    this.layout = kamailioLayout(options.dataDir);
    const l = this.layout;
    this.child = new SupervisedChild({
      path: options.path,
      args: ['-DD', '-E', '-f', l.cfg, '-Y', l.runDir, '-P', join(l.runDir, 'kamailio.pid'), '-w', l.dir],
      notable: / SIP: |ERROR|CRITICAL|ALERT/,
      log: options.log ?? ((line: string) => console.error(`Kamailio: ${line}`)),
    });
  }

  /** Writes the configuration and the tables (the trunks file readable by its owner only: it holds passwords). */
  writeFiles(entries: TrunkEntry[]): void {
    const l = this.layout;
    mkdirSync(l.dbDir, { recursive: true, mode: 0o700 });
    mkdirSync(l.runDir, { recursive: true, mode: 0o700 });
    writeFileSync(l.cfg, kamailioCfg(this.options, l));
    writeFileSync(l.dispatcher, dispatcherList(this.options.backends));
    this.writeTrunks(entries);
  }

  private lastMtimeS = 0;

  private writeTrunks(entries: TrunkEntry[]): void {
    writeFileSync(this.layout.trunks, trunksTable(entries), { mode: 0o600 });
    chmodSync(this.layout.trunks, 0o600);
    // db_text reads the file again only when its mtime changed, to the second: two writes within one second
    // get mtimes a second apart.
    this.lastMtimeS = Math.max(Math.floor(Date.now() / 1000), this.lastMtimeS + 1);
    utimesSync(this.layout.trunks, this.lastMtimeS, this.lastMtimeS);
  }

  /** Starts it; resolves once its control socket answers (it listens by then). */
  start(entries: TrunkEntry[]): Promise<void> {
    this.writeFiles(entries);
    this.child.start();
    this.readyWait = this.waitReady();
    return this.readyWait;
  }

  private async waitReady(): Promise<void> {
    const until = Date.now() + 15_000;
    for (;;) {
      try {
        await kamcmd(this.layout, this.options.path, 'core.version');
        return;
      } catch (e) {
        if (Date.now() > until || this.child.isStopped) throw new Error(`Kamailio did not start: ${e instanceof Error ? e.message : String(e)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** The trunks changed: the table rewritten and reloaded (no restart). */
  async reloadTrunks(entries: TrunkEntry[]): Promise<void> {
    this.writeTrunks(entries);
    await this.readyWait;
    await kamcmd(this.layout, this.options.path, 'htable.reload', 'trunk');
  }

  /** The dispatcher set as Kamailio sees it (flags: AP active and probing, IP inactive). */
  async dispatcherState(): Promise<string> {
    return kamcmd(this.layout, this.options.path, 'dispatcher.list');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}
