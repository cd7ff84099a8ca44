// Sums the Vitest and Playwright JSON reports into the one closing line CI reads: "N passed, N failed".
// A step that failed before any report (type check, lint) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const exitCode = Number(process.argv[2] ?? '0');
let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;
const failures = [];

if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  reports += 1;
  // The failed tests by name, near the last line: CI's record keeps only the tail of the output.
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') {
        const first = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`vitest ${file.name.replace(process.cwd() + '/', '')} › ${t.fullName}: ${first}`);
      }
    }
  }
}
if (existsSync('test-results/vitest-unhandled.log')) {
  for (const line of readFileSync('test-results/vitest-unhandled.log', 'utf8').split('\n').filter(Boolean)) failures.push(`vitest, outside a test: ${line.slice(0, 400)}`);
}
if (existsSync('test-results/playwright.json')) {
  const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
  reports += 1;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`playwright ${spec.file} › ${[...path, spec.title].join(' › ')} (${t.projectName})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
}
if (exitCode !== 0 && failed === 0) failed = 1;
if (reports === 0 && exitCode === 0) failed = 1;
for (const f of failures.slice(0, 20)) console.log(`FAILED: ${f}`);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
