// `npm test`: every check in order — type check, lint, unit and service tests (Vitest), the console's
// build and its size budget, then the browser tests (Playwright against the local service). A failing
// step does not hide the others' results: all run (the browser tests need the build), and the exit
// code is non-zero when any failed.
import { spawnSync } from 'node:child_process';

const steps = [
  // The typed message functions (src/app/paraglide) the type check and every later step import.
  { name: 'messages', cmd: 'npx', args: ['paraglide-js', 'compile', '--project', './project.inlang', '--silent'] },
  { name: 'type check', cmd: 'npx', args: ['tsc', '-b'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'unit and service tests', cmd: 'npx', args: ['vitest', 'run'] },
  { name: 'build', cmd: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] },
  { name: 'size budget', cmd: 'npx', args: ['tsx', 'scripts/size.ts'], needs: 'build' },
  { name: 'browser tests', cmd: 'npx', args: ['playwright', 'test'], needs: 'build' },
];

const results = new Map();
for (const step of steps) {
  if (step.needs && results.get(step.needs) !== 0) {
    console.log(`\n── ${step.name}: skipped (${step.needs} failed)`);
    results.set(step.name, 1);
    continue;
  }
  console.log(`\n── ${step.name}: ${[step.cmd, ...step.args].join(' ')}`);
  const t0 = Date.now();
  const run = spawnSync(step.cmd, step.args, { stdio: 'inherit' });
  const code = run.status ?? 1;
  results.set(step.name, code);
  console.log(`── ${step.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

console.log('\nnpm test:');
for (const [name, code] of results) console.log(`  ${code === 0 ? 'ok    ' : 'FAILED'}  ${name}`);
process.exit([...results.values()].some((c) => c !== 0) ? 1 : 0);
