/**
 * Which grammar to use for a fence's info string or a file path.
 *
 * The table is deliberately small: the languages an agent actually writes in chat and tool
 * output. Each entry is loaded on demand (see `grammars.ts`), so a language nobody uses costs
 * nothing beyond its row here. Anything not listed renders as plain text.
 */

/** A grammar this library can load, by its shiki id. */
export type LanguageId =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'jsx'
  | 'json'
  | 'jsonc'
  | 'shellscript'
  | 'shellsession'
  | 'powershell'
  | 'python'
  | 'rust'
  | 'go'
  | 'css'
  | 'scss'
  | 'html'
  | 'xml'
  | 'vue'
  | 'svelte'
  | 'markdown'
  | 'yaml'
  | 'toml'
  | 'ini'
  | 'dotenv'
  | 'diff'
  | 'sql'
  | 'graphql'
  | 'java'
  | 'kotlin'
  | 'scala'
  | 'c'
  | 'cpp'
  | 'csharp'
  | 'swift'
  | 'php'
  | 'ruby'
  | 'lua'
  | 'dockerfile'
  | 'makefile'
  | 'zig'
  | 'elixir'
  | 'haskell'
  | 'dart'
  | 'proto'
  | 'nix'
  | 'hcl';

/** Display names for the code block header. */
const labels: Record<LanguageId, string> = {
  typescript: 'TypeScript',
  tsx: 'TSX',
  javascript: 'JavaScript',
  jsx: 'JSX',
  json: 'JSON',
  jsonc: 'JSON with comments',
  shellscript: 'Shell',
  shellsession: 'Shell session',
  powershell: 'PowerShell',
  python: 'Python',
  rust: 'Rust',
  go: 'Go',
  css: 'CSS',
  scss: 'SCSS',
  html: 'HTML',
  xml: 'XML',
  vue: 'Vue',
  svelte: 'Svelte',
  markdown: 'Markdown',
  yaml: 'YAML',
  toml: 'TOML',
  ini: 'INI',
  dotenv: '.env',
  diff: 'Diff',
  sql: 'SQL',
  graphql: 'GraphQL',
  java: 'Java',
  kotlin: 'Kotlin',
  scala: 'Scala',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  swift: 'Swift',
  php: 'PHP',
  ruby: 'Ruby',
  lua: 'Lua',
  dockerfile: 'Dockerfile',
  makefile: 'Makefile',
  zig: 'Zig',
  elixir: 'Elixir',
  haskell: 'Haskell',
  dart: 'Dart',
  proto: 'Protocol Buffers',
  nix: 'Nix',
  hcl: 'HCL',
};

/** Fence info strings and common spellings, lower-cased, that are not already an id. */
const aliases: Record<string, LanguageId> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  json5: 'jsonc',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellsession',
  'shell-session': 'shellsession',
  ps1: 'powershell',
  pwsh: 'powershell',
  py: 'python',
  python3: 'python',
  rs: 'rust',
  golang: 'go',
  htm: 'html',
  svg: 'xml',
  md: 'markdown',
  yml: 'yaml',
  env: 'dotenv',
  patch: 'diff',
  gql: 'graphql',
  kt: 'kotlin',
  kts: 'kotlin',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  rb: 'ruby',
  docker: 'dockerfile',
  make: 'makefile',
  mk: 'makefile',
  ex: 'elixir',
  exs: 'elixir',
  hs: 'haskell',
  protobuf: 'proto',
  terraform: 'hcl',
  tf: 'hcl',
};

/** File extensions (without the dot) that map to a grammar but are not an alias already. */
const extensions: Record<string, LanguageId> = {
  tsx: 'tsx',
  jsx: 'jsx',
  json: 'json',
  jsonc: 'jsonc',
  css: 'css',
  scss: 'scss',
  html: 'html',
  xml: 'xml',
  vue: 'vue',
  svelte: 'svelte',
  markdown: 'markdown',
  yaml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  diff: 'diff',
  sql: 'sql',
  graphql: 'graphql',
  java: 'java',
  scala: 'scala',
  c: 'c',
  cpp: 'cpp',
  swift: 'swift',
  php: 'php',
  lua: 'lua',
  zig: 'zig',
  dart: 'dart',
  proto: 'proto',
  nix: 'nix',
  hcl: 'hcl',
  go: 'go',
};

/** Whole file names that say more than their extension. */
const fileNames: Record<string, LanguageId> = {
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  '.env': 'dotenv',
  '.bashrc': 'shellscript',
  '.zshrc': 'shellscript',
  '.profile': 'shellscript',
  'tsconfig.json': 'jsonc',
  'jsconfig.json': 'jsonc',
  '.gitconfig': 'ini',
  '.editorconfig': 'ini',
  'cargo.lock': 'toml',
};

function isLanguageId(name: string): name is LanguageId {
  return Object.hasOwn(labels, name);
}

/** A table's own entry for `key`: not one inherited from Object.prototype (`constructor`, `toString`…). */
function ownValue<V>(table: Record<string, V>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The grammar for a fence info string or language name (`ts`, `TypeScript`, `shell`,
 * `{.python}`...), or null when there is none. Only the first word counts, as in CommonMark.
 */
export function resolveLanguage(name: string | null | undefined): LanguageId | null {
  if (!name) return null;
  const word = name
    .trim()
    .split(/[\s,{}]+/)
    .find(Boolean);
  if (!word) return null;
  const key = word.replace(/^\.|^language-/, '').toLowerCase();
  if (isLanguageId(key)) return key;
  return ownValue(aliases, key) ?? null;
}

/**
 * The grammar for a file path or URI (`src/app.tsx`, `file:///repo/Dockerfile`), or null.
 * Query strings and fragments are ignored; the last path segment decides.
 */
export function languageForPath(path: string): LanguageId | null {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  const base = (clean.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (!base) return null;
  const named = ownValue(fileNames, base);
  if (named) return named;
  if (base.startsWith('dockerfile.') || base.endsWith('.dockerfile')) return 'dockerfile';
  if (base.startsWith('.env.')) return 'dotenv';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  const ext = base.slice(dot + 1);
  return ownValue(extensions, ext) ?? ownValue(aliases, ext) ?? null;
}

/** Human name of a grammar for headers. */
export function languageLabel(id: LanguageId): string {
  return labels[id];
}
