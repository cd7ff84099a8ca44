import type { Plugin } from 'vite';

/*
 * Vitest only: `import { IconX } from '@tabler/icons-react'` becomes an import of that icon's own module.
 * Vitest does not tree-shake, and the package's index pulls in all of its ~6,000 icon modules: 1.5 s at
 * every console test file's start on this machine, about a quarter of what the console suite spends on
 * imports. The build (Rollup) tree-shakes the index itself and does not need this.
 */
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;

export function iconImports(): Plugin {
  return {
    name: 'vc-icon-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('@tabler/icons-react')) return null;
      // The imports on one line, then as many line breaks as the statement had: later lines keep their numbers.
      const out = code.replace(ICON_IMPORT, (all: string, names: string) =>
        names
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
          .map((n) => {
            const [name, local = name] = n.split(/\s+as\s+/) as [string, string?];
            return `import ${local} from '@tabler/icons-react/dist/esm/icons/${name}.mjs';`;
          })
          .join(' ') + '\n'.repeat(all.split('\n').length - 1),
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}
