/** The in-memory project the agent works on in the playground. */
export function sampleWorkspace(cwd: string): Record<string, string> {
  const files: Record<string, string> = {
    'package.json':
      JSON.stringify({ name: 'workspace', version: '1.0.0', type: 'module', scripts: { test: 'vitest run' }, devDependencies: { vitest: '^4.1.0' } }, null, 2) +
      '\n',
    'README.md': '# Workspace\n\nA tiny project for the acp-react playground. Ask the agent to improve `src/greeting.ts`.\n',
    'src/greeting.ts':
      "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n\nexport function greetAll(names: string[]): string[] {\n  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;\n}\n",
    'src/format.ts':
      "export function formatList(items: string[]): string {\n  if (items.length <= 1) return items.join('');\n  return items.slice(0, -1).join(', ') + ' and ' + items.at(-1);\n}\n",
    'src/greeting.test.ts':
      "import { describe, expect, it } from 'vitest';\nimport { greet } from './greeting';\n\ndescribe('greet', () => {\n  it('greets by name', () => {\n    expect(greet('Ada')).toBe('Hello, Ada!');\n  });\n});\n",
  };
  const base = cwd.endsWith('/') ? cwd.slice(0, -1) : cwd;
  return Object.fromEntries(Object.entries(files).map(([path, content]) => [`${base}/${path}`, content]));
}
