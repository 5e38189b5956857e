// @ts-check
/**
 * ESLint flat config: `npm run lint` (and the "Lint" step of `npm test`).
 *
 * Syntax-only typescript-eslint (no type information): the type checker already runs in its own
 * step, and the type-aware rules would double the lint time for little gain here.
 * Type-only import cycles are out of scope for import-x/no-cycle (it skips `import type`);
 * scripts/check-cycles.mjs covers those.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'storybook-static/**',
      'docs-dist/**',
      'playground-dist/**',
      'test-results/**',
      'bench/.tmp/**',
      // The host apps' build outputs and files their frameworks generate.
      'hosts/*/dist/**',
      'hosts/*/.next/**',
      'hosts/*/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      // The classic hook rules: both are errors.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `_name` marks a parameter or binding kept for its position (a callback's signature, a
      // rest sibling that drops a key); anything else unused is an error.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // v7's React-Compiler rules run the compiler over each file, which is most of the lint time;
    // only files that can hold components or hooks need them.
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', 'playground/**/*.{ts,tsx}', 'test/**/*.tsx', 'hosts/**/*.tsx'],
    rules: {
      // From v7's React-Compiler rules, the ones that catch real bugs in this code base:
      // a clock or random read during render (it broke server rendering and Next.js builds),
      // components declared inside components (state lost on every render), mutating props or
      // state, and setState during render.
      'react-hooks/purity': 'error',
      'react-hooks/static-components': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/error-boundaries': 'error',
      'react-hooks/use-memo': 'error',
      'react-hooks/void-use-memo': 'error',
      'react-hooks/preserve-manual-memoization': 'error',
      // Off on purpose. These describe what the React Compiler can optimise, not bugs; the library
      // is not compiled with it, and they flag patterns it relies on deliberately (counts when
      // this config was written):
      // - refs (20): the latest-value ref read during render (useControllableState, the
      //   highlighter and markdown caches, Thread's measured rows);
      // - set-state-in-effect (8): state synced from an external source after mount (the clock
      //   in use-now, the traffic log, the prompt queue draining when a turn ends);
      // - globals (2): tests capture a hook's result into an outer variable from a probe component;
      // - incompatible-library (2): @tanstack/react-virtual's useVirtualizer, used as documented.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/globals': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Matching terminal control sequences (ESC, BEL, C0 controls) is what these files are for.
    files: [
      'src/components/TerminalOutput/ansi-line.ts',
      'src/components/TerminalOutput/plain-output.ts',
      'src/components/TerminalOutput/terminal-lines.ts',
      'bridge/agent-report.mjs',
    ],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests read raw JSON-RPC frames off the wire; their loose shape is what the assertions check.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
