import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { dispatcherList, kamailioCfg, kamailioLayout, trunksTable, type KamailioLayout, type KamailioSettings, type TrunkEntry } from './kamailio-config';

/*
 * Kamailio as a child of the service (`npm start`, the tests, the benchmark): its files written in
 * DATA_DIR/kamailio/, run in the foreground (-DD -E: its log on our stderr pipe), started again when it exits
 * on its own (at most once a second), stopped with the service. A trunk change rewrites the trunks table and
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
  private child: ChildProcess | null = null;
  private stopped = false;
  private lastStart = 0;
  private readyWait: Promise<void> | null = null;

  constructor(private readonly options: KamailioOptions) {
    this.layout = kamailioLayout(options.dataDir);
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
    this.spawn();
    this.readyWait = this.waitReady();
    return this.readyWait;
  }

  private spawn(): void {
    this.lastStart = Date.now();
    const l = this.layout;
    const child = spawn(this.options.path, ['-DD', '-E', '-f', l.cfg, '-Y', l.runDir, '-P', join(l.runDir, 'kamailio.pid'), '-w', l.dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    const log = this.options.log ?? ((line: string) => console.error(`Kamailio: ${line}`));
    if (child.stderr) {
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (/ SIP: |ERROR|CRITICAL|ALERT/.test(line)) log(line.trim());
      });
    }
    child.on('error', (e) => log(`could not start ${this.options.path}: ${e.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      log(`exited (${signal ?? code}); starting it again`);
      const wait = Math.max(0, 1_000 - (Date.now() - this.lastStart));
      setTimeout(() => {
        if (!this.stopped) this.spawn();
      }, wait).unref();
    });
  }

  private async waitReady(): Promise<void> {
    const until = Date.now() + 15_000;
    for (;;) {
      try {
        await kamcmd(this.layout, this.options.path, 'core.version');
        return;
      } catch (e) {
        if (Date.now() > until || this.stopped) throw new Error(`Kamailio did not start: ${e instanceof Error ? e.message : String(e)}`);
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
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
