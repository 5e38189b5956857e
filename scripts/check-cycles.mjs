#!/usr/bin/env node
/**
 * Import cycles across `src/`, enforced in `npm test`. Exits non-zero and lists each cycle.
 *
 * Value imports, type-only imports (`import type`, `import { type X }`, `import('./x').X` in a
 * type) and re-exports all count. A type-only cycle costs nothing at run time, but the two modules
 * still cannot be understood, moved or split apart from each other; the lint rule
 * `import-x/no-cycle` skips type imports, so this check keeps them honest. Specifiers are resolved
 * the way `tsc` resolves them (the project's tsconfig): `./x.js` finds `./x.ts`, `./x/index.js`
 * the folder's index.
 *
 * A dynamic `import()` is not an edge unless `--dynamic` is given: it is the library's on-demand
 * boundary, evaluated after the importing module has finished loading, and a lazily loaded chunk
 * that shows other on-demand parts through their placeholders points back at their loader by
 * design (the conversation chunk renders `Markdown`, whose placeholder loads that chunk).
 *
 * Usage: node scripts/check-cycles.mjs [--dynamic] [dir...]   (default: src)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Elementary cycles listed per strongly connected set of files before the rest are summarized. */
const MAX_CYCLES_PER_SET = 20;

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.(?:m|c)?tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
}

/** @returns {ts.CompilerOptions} */
function compilerOptions() {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath).options;
}

/**
 * The module specifiers a file names, with how it uses each: `value`, `type` (erased by the
 * compiler) or `dynamic` (`import()`, loaded when called).
 * @param {string} file
 * @returns {Array<{ specifier: string, kind: 'value' | 'type' | 'dynamic' }>}
 */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  /** @type {Array<{ specifier: string, kind: 'value' | 'type' | 'dynamic' }>} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'value' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, kind: 'dynamic' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (ts.isStringLiteral(ref)) found.push({ specifier: ref.text, kind: node.isTypeOnly ? 'type' : 'value' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every import of the TypeScript files under `dirs`: the importing file, the specifier as
 * written, how it is used, and the file it resolves to (null for a package or a missing file).
 * @param {string[]} dirs absolute paths
 * @returns {Array<{ from: string, specifier: string, kind: 'value' | 'type' | 'dynamic', to: string | null }>}
 */
export function listImports(dirs) {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  return dirs
    .flatMap((dir) => sourceFiles(dir))
    .flatMap((from) =>
      importsOf(from).map(({ specifier, kind }) => {
        const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule;
        const to = resolved && !resolved.isExternalLibraryImport ? resolve(resolved.resolvedFileName) : null;
        return { from, specifier, kind, to };
      }),
    );
}

/**
 * The import graph among the files under `dirs`: each file's edges to the others.
 * @param {string[]} dirs
 * @param {{ dynamic: boolean }} options
 * @returns {Map<string, Map<string, Set<string>>>} file -> target -> kinds
 */
function buildGraph(dirs, { dynamic }) {
  /** @type {Map<string, Map<string, Set<string>>>} */
  const graph = new Map(dirs.flatMap((dir) => sourceFiles(dir)).map((file) => [file, new Map()]));
  for (const { from, kind, to } of listImports(dirs)) {
    if ((kind === 'dynamic' && !dynamic) || to === null || !graph.has(to)) continue;
    const edges = /** @type {Map<string, Set<string>>} */ (graph.get(from));
    let kinds = edges.get(to);
    if (!kinds) edges.set(to, (kinds = new Set()));
    kinds.add(kind);
  }
  return graph;
}

/**
 * Tarjan's strongly connected components: every cycle lies inside one component of two or more
 * files (or one file importing itself).
 * @param {Map<string, Map<string, Set<string>>>} graph
 * @returns {string[][]}
 */
function stronglyConnected(graph) {
  let counter = 0;
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  /** @type {Set<string>} */
  const onStack = new Set();
  /** @type {string[][]} */
  const components = [];
  /** @param {Map<string, number>} map @param {string} key */
  const at = (map, key) => /** @type {number} */ (map.get(key));
  /** @param {string} v */
  const targets = (v) => /** @type {Map<string, Set<string>>} */ (graph.get(v));
  /** @param {string} v */
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of targets(v).keys()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(at(low, v), at(low, w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(at(low, v), at(index, w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      /** @type {string[]} */
      const component = [];
      /** @type {string} */
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || targets(v).has(v)) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return components;
}

/**
 * The elementary cycles inside one component, each found once: from each file, only through
 * files that sort after it. Stops after `limit`.
 * @param {string[]} component
 * @param {Map<string, Map<string, Set<string>>>} graph
 * @param {number} limit
 * @returns {{ cycles: string[][], complete: boolean }}
 */
function cyclesIn(component, graph, limit) {
  /** @type {Map<string, number>} */
  const order = new Map(component.map((file, i) => [file, i]));
  /** @type {string[][]} */
  const cycles = [];
  /** @param {string} v */
  const targets = (v) => /** @type {Map<string, Set<string>>} */ (graph.get(v));
  for (const start of component) {
    const path = [start];
    const onPath = new Set(path);
    /** @param {string} v @returns {boolean} false once the limit is reached */
    const walk = (v) => {
      for (const w of targets(v).keys()) {
        const rank = order.get(w);
        if (rank === undefined || rank < /** @type {number} */ (order.get(start))) continue;
        if (w === start) {
          cycles.push([...path]);
          if (cycles.length >= limit) return false;
        } else if (!onPath.has(w)) {
          path.push(w);
          onPath.add(w);
          const more = walk(w);
          path.pop();
          onPath.delete(w);
          if (!more) return false;
        }
      }
      return true;
    };
    if (!walk(start)) return { cycles, complete: false };
  }
  return { cycles, complete: true };
}

/**
 * The import cycles among the TypeScript files under `dirs`, each as the list of files around it.
 * @param {string[]} dirs absolute paths
 * @param {{ dynamic?: boolean }} [options]
 * @returns {{ files: number, imports: number, groups: Array<{ files: string[], cycles: Array<Array<{ file: string, kinds: string[] }>>, complete: boolean }> }}
 */
export function findCycles(dirs, { dynamic = false } = {}) {
  const graph = buildGraph(dirs, { dynamic });
  const groups = stronglyConnected(graph).map((component) => {
    const { cycles, complete } = cyclesIn(component, graph, MAX_CYCLES_PER_SET);
    return {
      files: component,
      complete,
      // Each step names the file and how it imports the next one (`type`, `dynamic`; none for a plain import).
      cycles: cycles.map((cycle) =>
        cycle.map((file, i) => ({
          file,
          kinds: [...(graph.get(file)?.get(/** @type {string} */ (cycle[(i + 1) % cycle.length])) ?? [])].filter((k) => k !== 'value'),
        })),
      ),
    };
  });
  return { files: graph.size, imports: [...graph.values()].reduce((n, e) => n + e.size, 0), groups };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dynamic = args.includes('--dynamic');
  const dirs = args.filter((arg) => !arg.startsWith('--'));
  const result = findCycles(
    (dirs.length ? dirs : ['src']).map((dir) => resolve(root, dir)),
    { dynamic },
  );
  /** @param {string} file */
  const name = (file) => relative(root, file);
  if (result.groups.length === 0) {
    console.log(`✓ no import cycles (${result.files} files, ${result.imports} imports, type-only ones included${dynamic ? ', dynamic ones too' : ''})`);
  } else {
    let total = 0;
    for (const group of result.groups) {
      total += group.cycles.length;
      console.error(`✗ ${group.files.length} files import each other: ${group.files.map(name).join(', ')}`);
      for (const cycle of group.cycles) {
        const steps = cycle.map(({ file, kinds }) => `${name(file)} →${kinds.length ? ` (${kinds.join(', ')})` : ''}`);
        console.error(`    ${steps.join(' ')} ${name(cycle[0].file)}`);
      }
      if (!group.complete) console.error(`    … and more (only the first ${MAX_CYCLES_PER_SET} are listed)`);
    }
    const groups = result.groups.length;
    console.error(
      `\n${total} import cycle${total === 1 ? '' : 's'} in ${groups} group${groups === 1 ? '' : 's'}. Move the shared types or helpers into a leaf module both sides import.`,
    );
    process.exit(1);
  }
}
