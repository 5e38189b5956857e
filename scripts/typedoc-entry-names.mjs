/**
 * A TypeDoc plugin (loaded by typedoc.json): names each module of the API reference by the
 * import a host writes (`acp-react/core`), not by its source path (`core/index`), using the
 * package's `exports`. It imports nothing from TypeDoc, so the scripts type-check without it.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeScriptEntries } from './lib/docs-entries.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** TypeDoc's `ReflectionKind.Module`. */
const MODULE = 2;

/**
 * @typedef {{ kind: number, name: string }} Reflection
 * @typedef {{ declarations?: { getSourceFile(): { fileName: string } }[] }} Symbol
 * @typedef {{ getSymbolFromReflection(reflection: Reflection): Symbol | undefined }} Context
 * @typedef {{ converter: { on(event: 'createDeclaration', listener: (context: Context, reflection: Reflection) => void): void } }} Application
 */

/** @param {Application} app */
export function load(app) {
  const names = new Map(typeScriptEntries(root).map(({ name, source }) => [source, name]));
  app.converter.on('createDeclaration', (context, reflection) => {
    if (reflection.kind !== MODULE) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const name = file && names.get(relative(root, file).split('\\').join('/'));
    if (!name) throw new Error(`typedoc.json documents ${file ? relative(root, file) : reflection.name}, which package.json does not export`);
    reflection.name = name;
  });
}
