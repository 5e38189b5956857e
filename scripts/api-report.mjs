#!/usr/bin/env node
/**
 * The public API report: for each entry of package.json `exports` that has types, every name it
 * exports and its declaration, read with the TypeScript compiler from the BUILT declarations
 * (`dist/types`, what a host's compiler sees), one file per entry in `api/`. Then, under
 * "Referenced, not exported", the package's own declarations those signatures name without the
 * entry exporting them: a host cannot name them, yet changing one changes the entry's surface.
 *
 *   node scripts/api-report.mjs            compare with the committed api/ files (`npm test`);
 *                                          fails, with what differs, until they are updated
 *   node scripts/api-report.mjs --update   rewrite api/ (`npm run api:update` builds the
 *                                          declarations first)
 *
 * Every change to the public surface thus shows in review as a change to api/*.api.md.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UPDATE_HINT = 'npm run api:update';

/**
 * The entries with types: `{ subpath, types }`, `types` relative to the package folder.
 * @param {Record<string, unknown>} exportsField package.json `exports`
 * @returns {Array<{ subpath: string, types: string }>}
 */
export function typedEntries(exportsField) {
  /** @type {Array<{ subpath: string, types: string }>} */
  const entries = [];
  for (const [subpath, target] of Object.entries(exportsField)) {
    if (target && typeof target === 'object' && 'types' in target && typeof target.types === 'string') entries.push({ subpath, types: target.types });
  }
  return entries;
}

/**
 * The report file's name for an entry: `.` → `acp-react.api.md`, `./element/define` →
 * `acp-react-element-define.api.md`.
 * @param {string} name the package name
 * @param {string} subpath
 */
export const reportFileName = (name, subpath) => `${[name, ...subpath.split('/').filter((part) => part !== '.')].join('-')}.api.md`;

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/**
 * The statement a declaration is printed as: a variable's whole `declare const …;`.
 * @param {ts.Declaration} declaration
 * @returns {ts.Node}
 */
function printable(declaration) {
  if (ts.isVariableDeclaration(declaration) && ts.isVariableDeclarationList(declaration.parent)) return declaration.parent.parent;
  return declaration;
}

/**
 * The package's own declarations a node names (type references, `typeof x`, `import('…').X`,
 * `extends`/`implements` clauses), as resolved symbols.
 * @param {ts.TypeChecker} checker
 * @param {ts.Node} node
 * @param {(symbol: ts.Symbol) => void} found
 */
function walkReferences(checker, node, found) {
  /** @param {ts.Node} name */
  const resolveName = (name) => {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol) found(symbol);
  };
  /** @param {ts.Node} child */
  const visit = (child) => {
    if (ts.isTypeReferenceNode(child)) resolveName(ts.isQualifiedName(child.typeName) ? child.typeName.right : child.typeName);
    else if (ts.isExpressionWithTypeArguments(child)) resolveName(ts.isPropertyAccessExpression(child.expression) ? child.expression.name : child.expression);
    else if (ts.isTypeQueryNode(child)) resolveName(ts.isQualifiedName(child.exprName) ? child.exprName.right : child.exprName);
    else if (ts.isImportTypeNode(child)) {
      const type = checker.getTypeAtLocation(child);
      const symbol = type.aliasSymbol ?? type.getSymbol();
      if (symbol) found(symbol);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

/**
 * A name the entry passes on from another package: `export { X } from 'that-package';`.
 * @param {string} name
 * @param {ts.Symbol} symbol
 */
function reexport(name, symbol) {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? '';
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return `export { ${name} } from '${match?.[1] ?? 'outside the package'}';`;
}

/**
 * Whether an export reaches its declaration through an `export type` / `import type` somewhere on
 * the way: then it is a type only, even where the declaration also has a value (an SDK schema).
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} symbol
 */
function typeOnlyExport(checker, symbol) {
  /** @type {ts.Symbol | undefined} */
  let current = symbol;
  for (let depth = 0; current && current.flags & ts.SymbolFlags.Alias && depth < 50; depth += 1) {
    for (const d of current.declarations ?? []) {
      if ((ts.isExportSpecifier(d) || ts.isImportSpecifier(d)) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) return true;
      if (ts.isImportClause(d) && d.isTypeOnly) return true;
    }
    current = checker.getImmediateAliasedSymbol(current);
  }
  return false;
}

/**
 * One entry's report text.
 * @param {ts.Program} program
 * @param {string} typesFile absolute path of the entry's declarations
 * @param {string} typesRoot absolute folder the package's own declarations live in
 * @param {string} title the import specifier (`acp-react/core`)
 * @returns {{ text: string, values: number, types: number }}
 */
function entryReport(program, typesFile, typesRoot, title) {
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(typesFile);
  if (!sourceFile) throw new Error(`${typesFile} is missing: build the declarations first (${UPDATE_HINT} does).`);
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  /** @type {Map<ts.Symbol, string>} resolved symbol → a name it is exported under */
  const exported = new Map();
  /** @type {Array<{ name: string, symbol: ts.Symbol, value: boolean }>} */
  const names = [];
  for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const name = symbol.getName();
    names.push({ name, symbol: target, value: (target.flags & ts.SymbolFlags.Value) !== 0 && !typeOnlyExport(checker, symbol) });
    if (!exported.has(target)) exported.set(target, name);
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const ownFile = (/** @type {ts.SourceFile} */ file) => resolve(file.fileName).startsWith(typesRoot + sep);
  /** @type {Map<ts.Symbol, number>} referenced, not exported, in the order first met */
  const referenced = new Map();
  /** @param {ts.Symbol} symbol */
  const declarationsOf = (symbol) => (symbol.declarations ?? []).filter((d) => ownFile(d.getSourceFile()) && !(symbol.flags & ts.SymbolFlags.TypeParameter));
  /** @param {ts.Symbol} symbol */
  const print = (symbol) => {
    const lines = [];
    const seen = new Set();
    for (const declaration of declarationsOf(symbol)) {
      const node = printable(declaration);
      if (seen.has(node)) continue;
      seen.add(node);
      lines.push(printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()));
      walkReferences(checker, node, (ref) => {
        if (!exported.has(ref) && !referenced.has(ref) && ref !== symbol && declarationsOf(ref).length > 0) referenced.set(ref, referenced.size);
      });
    }
    return lines.join('\n');
  };

  const sections = [];
  for (const { name, symbol } of names) {
    const text = print(symbol);
    const renamed = symbol.getName() !== name && symbol.getName() !== 'default' ? `// exported as ${name}\n` : '';
    sections.push(`${renamed}${text || reexport(name, symbol)}`);
  }
  // Printing a referenced declaration may find more: walk until none is new.
  const forgotten = [];
  for (let done = 0; done < referenced.size; done += 1) {
    const symbol = [...referenced.keys()][done];
    if (symbol) forgotten.push(print(symbol));
  }
  forgotten.sort();

  const values = names.filter((n) => n.value).length;
  const types = names.length - values;
  const text = [
    `# API report: ${title}`,
    '',
    `<!-- Generated by scripts/api-report.mjs from the built declarations. Do not edit: run \`${UPDATE_HINT}\`. -->`,
    '',
    `${names.length} names: ${values} values, ${types} types.`,
    '',
    '## Exported',
    '',
    '```ts',
    sections.join('\n\n'),
    '```',
    '',
    ...(forgotten.length > 0
      ? [
          '## Referenced, not exported',
          '',
          'Declarations of the package that the signatures above name, not exported from this entry.',
          '',
          '```ts',
          forgotten.join('\n\n'),
          '```',
          '',
        ]
      : []),
  ].join('\n');
  return { text, values, types };
}

/**
 * Every typed entry's report.
 * @param {string} packageDir the package folder (holding package.json and the built declarations)
 * @returns {Map<string, { subpath: string, text: string, values: number, types: number }>} file name → report
 */
export function buildReports(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = typedEntries(pkg.exports ?? {});
  const files = entries.map((entry) => resolve(packageDir, entry.types));
  for (const file of files) if (!existsSync(file)) throw new Error(`${file} is missing: build the declarations first (${UPDATE_HINT} does).`);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const typesRoot = commonFolder(files.map((file) => dirname(file)));
  /** @type {Map<string, { subpath: string, text: string, values: number, types: number }>} */
  const reports = new Map();
  entries.forEach((entry, i) => {
    const typesFile = files[i] ?? '';
    const title = entry.subpath === '.' ? pkg.name : `${pkg.name}/${entry.subpath.replace(/^\.\//, '')}`;
    reports.set(reportFileName(pkg.name, entry.subpath), { subpath: entry.subpath, ...entryReport(program, typesFile, typesRoot, title) });
  });
  return reports;
}

/** @param {string[]} folders */
function commonFolder(folders) {
  const split = folders.map((folder) => folder.split(sep));
  const first = split[0] ?? [];
  let length = first.length;
  for (const parts of split) {
    let i = 0;
    while (i < length && parts[i] === first[i]) i += 1;
    length = i;
  }
  return first.slice(0, length).join(sep);
}

/**
 * What differs between the committed reports and the surface now.
 * @param {string} reportDir
 * @param {Map<string, { text: string }>} reports
 * @returns {string[]} one line per difference, empty when they match
 */
export function compareReports(reportDir, reports) {
  const problems = [];
  const committed = existsSync(reportDir) ? readdirSync(reportDir).filter((file) => file.endsWith('.api.md')) : [];
  for (const [file, { text }] of reports) {
    const path = join(reportDir, file);
    if (!existsSync(path)) {
      problems.push(`${file}: no committed report for this entry`);
      continue;
    }
    const before = readFileSync(path, 'utf8');
    if (before === text) continue;
    const oldLines = new Set(before.split('\n'));
    const newLines = new Set(text.split('\n'));
    const added = [...newLines].filter((line) => !oldLines.has(line) && line.trim());
    const removed = [...oldLines].filter((line) => !newLines.has(line) && line.trim());
    const sample = (/** @type {string[]} */ lines, /** @type {string} */ mark) => lines.slice(0, 8).map((line) => `\n    ${mark} ${line.trim().slice(0, 160)}`);
    problems.push(
      `${file}: the public surface changed (${added.length} line(s) new, ${removed.length} gone)${sample(removed, '-').join('')}${sample(added, '+').join('')}${
        added.length + removed.length > 16 ? '\n    …' : ''
      }`,
    );
  }
  for (const file of committed) if (!reports.has(file)) problems.push(`${file}: a report for an entry package.json no longer exports`);
  return problems;
}

/**
 * @param {string} reportDir
 * @param {Map<string, { text: string }>} reports
 */
export function writeReports(reportDir, reports) {
  mkdirSync(reportDir, { recursive: true });
  for (const file of readdirSync(reportDir)) if (file.endsWith('.api.md') && !reports.has(file)) rmSync(join(reportDir, file));
  for (const [file, { text }] of reports) writeFileSync(join(reportDir, file), text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reportDir = join(ROOT, 'api');
  const reports = buildReports(ROOT);
  const counts = [...reports.values()]
    .map((r) => `  ${r.subpath.padEnd(20)} ${String(r.values).padStart(4)} values ${String(r.types).padStart(4)} types`)
    .join('\n');
  if (process.argv.includes('--update')) {
    writeReports(reportDir, reports);
    console.log(`api/: ${reports.size} report(s) written\n${counts}`);
  } else {
    const problems = compareReports(reportDir, reports);
    if (problems.length > 0) {
      console.error(
        `The public API differs from the committed report (api/):\n- ${problems.join('\n- ')}\n\n` +
          `If the change is intended, run \`${UPDATE_HINT}\` and commit api/ with it, so the change shows in review.`,
      );
      process.exit(1);
    }
    console.log(`The public API matches api/ (${reports.size} entries):\n${counts}`);
  }
}
