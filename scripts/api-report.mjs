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
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
 * A module that reads every name of an entry as a value (`m.name`, one a line): the compiler's
 * errors on it tell which names a host can use as values. Flags cannot: a name passed on with
 * `export type` (or `export type *`) is a type only, even where its declaration is a value.
 * @param {string} typesFile
 * @param {string[]} names
 */
const valueProbe = (typesFile, names) =>
  [`import * as m from ${JSON.stringify(typesFile.replace(/\.d\.(m?)ts$/, '.$1js'))};`, ...names.map((name) => `void m.${name};`)].join('\n');

/**
 * The names of an entry a host can use as values.
 * @param {ts.Program} program
 * @param {string} probeFile
 * @param {string[]} names in the probe's order
 */
function valueNames(program, probeFile, names) {
  const probe = program.getSourceFile(probeFile);
  if (!probe) throw new Error(`${probeFile} is missing`);
  const failed = new Set(program.getSemanticDiagnostics(probe).map((d) => probe.getLineAndCharacterOfPosition(d.start ?? 0).line - 1));
  // Line 0 is the import: if it failed, every name would read as a value of an `any` module.
  if (failed.has(-1)) throw new Error(`The probe could not import the entry it reads (${probeFile})`);
  return new Set(names.filter((_, i) => !failed.has(i)));
}

/**
 * One entry's report text.
 * @param {ts.Program} program
 * @param {string} typesFile absolute path of the entry's declarations
 * @param {string} typesRoot absolute folder the package's own declarations live in
 * @param {string} title the import specifier (`acp-react/core`)
 * @param {Set<string>} values the names a host can use as values
 * @returns {{ text: string, values: number, types: number }}
 */
function entryReport(program, typesFile, typesRoot, title, values) {
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
    names.push({ name, symbol: target, value: values.has(name) });
    if (!exported.has(target)) exported.set(target, name);
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const ownFile = (/** @type {ts.SourceFile} */ file) => resolve(file.fileName).startsWith(typesRoot + sep);
  /** @type {Set<ts.Symbol>} referenced, not exported, in the order first met */
  const referenced = new Set();
  /** @param {ts.Symbol} symbol */
  const declarationsOf = (symbol) =>
    (symbol.declarations ?? [])
      .filter((d) => ownFile(d.getSourceFile()) && !(symbol.flags & ts.SymbolFlags.TypeParameter))
      // Merged declarations (the message catalog's namespaces) by file, then place: not in the
      // order the program happened to load the files.
      .sort((a, b) => a.getSourceFile().fileName.localeCompare(b.getSourceFile().fileName) || a.pos - b.pos);
  /** @param {ts.Symbol} symbol */
  const print = (symbol) => {
    const lines = [];
    const seen = new Set();
    for (const declaration of declarationsOf(symbol)) {
      const node = printable(declaration);
      if (seen.has(node)) continue;
      seen.add(node);
      // `import("./ThreadLoaded.js").ThreadOwnProps` → `ThreadOwnProps`: where a type lives inside
      // the package is not its surface (the declaration is listed below, under its name).
      lines.push(printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()).replace(/\bimport\("\.{1,2}\/[^"]*"\)\./g, ''));
      walkReferences(checker, node, (ref) => {
        if (!exported.has(ref) && ref !== symbol && declarationsOf(ref).length > 0) referenced.add(ref);
      });
    }
    return lines.join('\n');
  };

  const sections = [];
  for (const { name, symbol, value } of names) {
    const text = print(symbol);
    const renamed = symbol.getName() !== name && symbol.getName() !== 'default' ? `// exported as ${name}\n` : '';
    // A value passed on with `export type`: a host can name its type, not call or read it.
    const typeOnly = !value && symbol.flags & ts.SymbolFlags.Value ? '// exported as a type only\n' : '';
    sections.push(`${renamed}${typeOnly}${text || reexport(name, symbol)}`);
  }
  // Printing a referenced declaration may find more, which the loop then reaches too.
  const forgotten = [];
  for (const symbol of referenced) forgotten.push(print(symbol));
  forgotten.sort();

  const valueCount = names.filter((n) => n.value).length;
  const types = names.length - valueCount;
  const text = [
    `# API report: ${title}`,
    '',
    `<!-- Generated by scripts/api-report.mjs from the built declarations. Do not edit: run \`${UPDATE_HINT}\`. -->`,
    '',
    `${names.length} names: ${valueCount} values, ${types} types.`,
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
  return { text, values: valueCount, types };
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
  /** @type {ts.CompilerOptions} */
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  // First the names of each entry, then one program more with a probe per entry for their values.
  const first = ts.createProgram(files, options);
  const namesOf = files.map((file) => {
    const source = first.getSourceFile(file);
    const moduleSymbol = source && first.getTypeChecker().getSymbolAtLocation(source);
    return moduleSymbol
      ? first
          .getTypeChecker()
          .getExportsOfModule(moduleSymbol)
          .map((symbol) => symbol.getName())
      : [];
  });
  const probeDir = mkdtempSync(join(tmpdir(), 'acp-api-probe-'));
  const probes = files.map((file, i) => {
    const probe = join(probeDir, `probe-${i}.ts`);
    writeFileSync(probe, valueProbe(file, namesOf[i] ?? []));
    return probe;
  });
  /** @type {ts.Program} */
  let program;
  /** @type {Set<string>[]} */
  let values;
  try {
    program = ts.createProgram([...files, ...probes], options, undefined, first);
    values = probes.map((probe, i) => valueNames(program, probe, namesOf[i] ?? []));
  } finally {
    rmSync(probeDir, { recursive: true, force: true });
  }
  const typesRoot = commonFolder(files.map((file) => dirname(file)));
  /** @type {Map<string, { subpath: string, text: string, values: number, types: number }>} */
  const reports = new Map();
  entries.forEach((entry, i) => {
    const typesFile = files[i] ?? '';
    const title = entry.subpath === '.' ? pkg.name : `${pkg.name}/${entry.subpath.replace(/^\.\//, '')}`;
    reports.set(reportFileName(pkg.name, entry.subpath), {
      subpath: entry.subpath,
      ...entryReport(program, typesFile, typesRoot, title, values[i] ?? new Set()),
    });
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
