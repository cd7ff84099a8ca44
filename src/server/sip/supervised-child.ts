import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/*
 * A server the service runs beside it (Kamailio, rtpengine): in the foreground with its log on our stderr pipe
 * (only the lines `notable` picks are passed on), started again when it exits on its own (at most once a
 * second: a configuration it refuses does not spin), stopped with the service (SIGTERM, SIGKILL after 3 s).
 */

export interface SupervisedChildOptions {
  path: string;
  args: string[];
  /** Which of its stderr lines are worth our log (refusals, errors). */
  notable: RegExp;
  log: (line: string) => void;
}

export class SupervisedChild {
  private child: ChildProcess | null = null;
  private stopped = false;
  private lastStart = 0;

  constructor(private readonly options: SupervisedChildOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.lastStart = Date.now();
    const { path, args, notable, log } = this.options;
    const child = spawn(path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    if (child.stderr) {
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (notable.test(line)) log(line.trim());
      });
    }
    child.on('error', (e) => log(`could not start ${path}: ${e.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      log(`exited (${signal ?? code}); starting it again`);
      const wait = Math.max(0, 1_000 - (Date.now() - this.lastStart));
      setTimeout(() => {
        if (!this.stopped) this.start();
      }, wait).unref();
    });
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
