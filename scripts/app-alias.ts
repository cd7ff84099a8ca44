import { resolve } from 'node:path';

/*
 * The console's import aliases (tsconfig.app.json `paths` says the same to the type checker): `@/…` is
 * src/app, `@contract` the shared schemas. A module imports its own room relatively and everything
 * else through these, so moving a file never means counting `../`.
 */
const root = resolve(import.meta.dirname, '..');
export const appAlias = [
  { find: /^@\//, replacement: `${resolve(root, 'src/app')}/` },
  { find: /^@contract(?=\/|$)/, replacement: resolve(root, 'src/contract') },
];
