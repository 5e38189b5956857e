/**
 * The package's TypeScript entries, read from package.json `exports`: each public name
 * (`acp-react`, `acp-react/core`, …) with the source file its types are built from
 * (`./dist/types/core/index.d.ts` comes from `src/core/index.ts`). The API reference documents
 * exactly these; the Node-only entries (bridge, demo agent: JavaScript with JSDoc types) and the
 * style sheet are documented in their READMEs and `docs/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @param {string} root the repository root
 * @returns {{ name: string, source: string }[]} `source` relative to the root
 */
export function typeScriptEntries(root) {
  /** @type {{ name: string, exports: Record<string, string | { types?: string }> }} */
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  /** @type {{ name: string, source: string }[]} */
  const entries = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'object' ? target.types : undefined;
    const built = types && /^\.\/dist\/types\/(.+)\.d\.ts$/.exec(types)?.[1];
    if (!built) continue;
    const source = ['ts', 'tsx'].map((ext) => `src/${built}.${ext}`).find((file) => existsSync(join(root, file)));
    if (!source) throw new Error(`package.json exports "${key}" with types ${types}, but neither src/${built}.ts nor .tsx exists`);
    entries.push({ name: key === '.' ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, '')}`, source });
  }
  return entries;
}
