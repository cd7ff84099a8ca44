// `npm test`: every check — type check, lint, unit and service tests (Vitest), the console's build and its
// size budget, then the browser tests (Playwright against the local service). A failing step does not hide
// the others' results: all run (the browser tests need the build), and the exit code is non-zero when any
// failed. At the end: each step's time, and the slowest test files of both runners (where CI's time goes).
//
// Lanes of one stage run side by side: the type check and lint are each mostly one busy core, and the
// console's build and size check run while Vitest waits on its databases. Their output is held and printed
// whole when the step ends, so the log reads step by step. Vitest and Playwright never overlap: both use
// every core, and tests that wait for time (calls, leases) would be judged on a starved machine.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { printTimings } from './test-timing.mjs';

// Written by vitest.config.ts's onUnhandledError during the run; an earlier run's lines are not this one's.
rmSync('test-results/vitest-unhandled.log', { force: true });

const npx = (...args) => ({ cmd: 'npx', args });
const stages = [
  // The typed message functions (src/app/paraglide) the type check and every later step import.
  [{ name: 'messages', ...npx('paraglide-js', 'compile', '--project', './project.inlang', '--silent') }],
  [
    { name: 'type check', ...npx('tsc', '-b') },
    { name: 'lint', ...npx('eslint', '.') },
  ],
  [
    { name: 'unit and service tests', ...npx('vitest', 'run'), live: true },
    // A lane of its own, in order: the size check needs the build.
    [
      { name: 'build', ...npx('vite', 'build', '--logLevel', 'warn') },
      { name: 'size budget', ...npx('tsx', 'scripts/size.ts'), needs: 'build' },
    ],
  ],
  [{ name: 'browser tests', ...npx('playwright', 'test'), needs: 'build', live: true }],
];

/** Runs one step; a `live` step (the long test runs) streams its output, the others print it when done. */
function run(step) {
  return new Promise((done) => {
    const t0 = Date.now();
    const line = [step.cmd, ...step.args].join(' ');
    if (step.live) console.log(`\n── ${step.name}: ${line}`);
    const child = spawn(step.cmd, step.args, { stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (status) => {
      const code = status ?? 1;
      const seconds = (Date.now() - t0) / 1000;
      if (!step.live) {
        console.log(`\n── ${step.name}: ${line}`);
        if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      }
      console.log(`── ${step.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
      done({ code, seconds });
    });
  });
}

// The project's Node (the `node` dev dependency, first on npm scripts' PATH), not the machine's.
console.log(`npm test on Node ${process.version}`);
const results = new Map();
const t0 = Date.now();
for (const stage of stages) {
  const lanes = stage.map(async (lane) => {
    for (const step of Array.isArray(lane) ? lane : [lane]) {
      if (step.needs && results.get(step.needs)?.code !== 0) {
        console.log(`\n── ${step.name}: skipped (${step.needs} failed)`);
        results.set(step.name, { code: 1, seconds: 0 });
        continue;
      }
      results.set(step.name, await run(step));
    }
  });
  await Promise.all(lanes);
}

console.log('\nnpm test:');
for (const [name, { code, seconds }] of results) {
  console.log(`  ${code === 0 ? 'ok    ' : 'FAILED'}  ${name.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s`);
}
console.log(`  total                            ${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s`);
printTimings();
process.exit([...results.values()].some((r) => r.code !== 0) ? 1 : 0);
