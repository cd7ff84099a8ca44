// Where the test runs spend their time: the slowest files of Vitest (per project) and of Playwright, read
// from their JSON reports. Printed at the end of `npm test`; `node scripts/test-timing.mjs` prints it again.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const SHOWN = 10;

function vitestFiles() {
  const path = 'test-results/vitest.json';
  if (!existsSync(path)) return [];
  const report = JSON.parse(readFileSync(path, 'utf8'));
  // The JSON report names a file, not its project: a file run by both service projects appears twice.
  return (report.testResults ?? []).map((file) => ({
    name: relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults?.length ?? 0,
  }));
}

function playwrightFiles() {
  const path = 'test-results/playwright.json';
  if (!existsSync(path)) return [];
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = byFile.get(here) ?? { name: `e2e/${here}`, seconds: 0, tests: 0 };
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
        byFile.set(here, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...byFile.values()];
}

function table(title, files) {
  if (files.length === 0) return;
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(`\n${title}: ${files.length} files, ${total.toFixed(0)} s summed over workers; slowest:`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN)) {
    console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(4)} tests  ${f.name}`);
  }
}

export function printTimings() {
  table('Vitest', vitestFiles());
  table('Playwright', playwrightFiles());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTimings();
