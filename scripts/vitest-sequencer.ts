import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order Vitest starts the files in. Its own: the projects one after another (by name), and within one
 * the files its cache says took longest first — but a fresh clone (CI) has no cache, and then the largest
 * files go first. The service tests that start processes of their own (a second service, the CLI, a killed
 * worker) are small files and among the slowest (engine/two-processes ~60 s, talk/two-processes ~50 s,
 * cli/token ~30 s, webhooks/sigkill ~20 s in CI): by size they started among the last of the run, and one
 * worker ran the last of them while the other had nothing left.
 *
 * Here: the console projects first, as Vitest has them (the non-isolated one's files follow each other, so
 * its workers are reused); then the service files of both databases as one list, those that start
 * processes first, the rest in Vitest's order (the cache's durations, else size).
 */
const STARTS_PROCESSES = /service-process|\bspawn\(|\bfork\(|\bexecFile\(/;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const consoleFiles = sorted.filter((f) => f.project.name.startsWith('app'));
    const service = sorted.filter((f) => !f.project.name.startsWith('app'));
    const startsProcesses = new Map<string, boolean>();
    const slow = (f: TestSpecification) => {
      let known = startsProcesses.get(f.moduleId);
      if (known === undefined) {
        known = STARTS_PROCESSES.test(readFileSync(f.moduleId, 'utf8'));
        startsProcesses.set(f.moduleId, known);
      }
      return known;
    };
    return [...consoleFiles, ...service.filter(slow), ...service.filter((f) => !slow(f))];
  }
}
