/**
 * scripts/api-report.mjs, the public API report `npm test` compares with api/: it must list every
 * name an entry exports with its signature, see a change to a type the entry only references, and
 * fail (with what changed) until the report is rewritten.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReports, compareReports, reportFileName, writeReports } from '../../scripts/api-report.mjs';

const made: string[] = [];

/** A package folder with built declarations, from `{ path: contents }`. */
function pkg(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'acp-api-'));
  made.push(dir);
  const exports = {
    '.': { types: './types/index.d.ts', import: './index.js' },
    './extra': { types: './types/extra.d.ts', import: './extra.js' },
    './styles.css': './styles.css',
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'demo', exports }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const base = {
  'types/index.d.ts': "export { useThing, type ThingProps } from './thing.js';\nexport * from './extra.js';\n",
  'types/thing.d.ts':
    'interface Hidden {\n    size: number;\n}\nexport interface ThingProps {\n    hidden: Hidden;\n}\nexport declare function useThing(props: ThingProps): string;\nexport declare function helper(): void;\n',
  'types/extra.d.ts': 'export declare const extra: number;\n',
};

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('api-report', () => {
  it('writes one report per typed entry, with each exported name, its signature and the counts', () => {
    const reports = buildReports(pkg(base));
    expect([...reports.keys()]).toEqual(['demo.api.md', 'demo-extra.api.md']);
    const root = reports.get('demo.api.md');
    expect(root?.values).toBe(2);
    expect(root?.types).toBe(1);
    expect(root?.text).toContain('export declare function useThing(props: ThingProps): string;');
    expect(root?.text).toContain('export declare const extra: number;');
    // Not re-exported from the entry, so not part of its surface.
    expect(root?.text).not.toContain('helper');
    // Named by ThingProps without being exported: listed apart, with its declaration.
    expect(root?.text).toMatch(/## Referenced, not exported[\s\S]*interface Hidden \{\n\s+size: number;/);
  });

  it('matches the reports it wrote, and names each change to the surface until they are rewritten', () => {
    const dir = pkg(base);
    const reportDir = join(dir, 'api');
    writeReports(reportDir, buildReports(dir));
    expect(compareReports(reportDir, buildReports(dir))).toEqual([]);

    // A new export, and a change to a type the entry only references.
    writeFileSync(join(dir, 'types/index.d.ts'), `${base['types/index.d.ts']}export { helper } from './thing.js';\n`);
    writeFileSync(join(dir, 'types/thing.d.ts'), base['types/thing.d.ts'].replace('size: number', 'size: string'));
    const problems = compareReports(reportDir, buildReports(dir));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('demo.api.md: the public surface changed');
    expect(problems[0]).toContain('+ export declare function helper(): void;');
    expect(problems[0]).toContain('- size: number;');
    expect(problems[0]).toContain('+ size: string;');

    writeReports(reportDir, buildReports(dir));
    expect(compareReports(reportDir, buildReports(dir))).toEqual([]);
  });

  it('flags a report left for an entry that is gone and a new entry without one', () => {
    const dir = pkg(base);
    const reportDir = join(dir, 'api');
    writeReports(reportDir, buildReports(dir));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    manifest.exports = { '.': manifest.exports['.'], './more': { types: './types/extra.d.ts' } };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    expect(compareReports(reportDir, buildReports(dir))).toEqual([
      'demo-more.api.md: no committed report for this entry',
      'demo-extra.api.md: a report for an entry package.json no longer exports',
    ]);
  });

  it('counts a value exported with `export type` (named or `*`) as a type, as a host can only use it so, and says so', () => {
    const dir = pkg({ ...base, 'types/index.d.ts': "export type { helper } from './thing.js';\nexport type * from './extra.js';\n" });
    const root = buildReports(dir).get('demo.api.md');
    expect([root?.values, root?.types]).toEqual([0, 2]);
    expect(root?.text).toContain('// exported as a type only\nexport declare function helper(): void;');
    expect(root?.text).toContain('// exported as a type only\nexport declare const extra: number;');
  });

  it('names the report files after the import specifier', () => {
    expect(reportFileName('acp-react', '.')).toBe('acp-react.api.md');
    expect(reportFileName('acp-react', './element/define')).toBe('acp-react-element-define.api.md');
  });

  it('tells to build first when the declarations are missing', () => {
    const dir = pkg({ 'types/index.d.ts': base['types/index.d.ts'] });
    expect(() => buildReports(dir)).toThrow(/extra\.d\.ts is missing: build the declarations first \(npm run api:update does\)/);
  });
});
