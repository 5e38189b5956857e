/**
 * In-browser half of bench/markdown-stream.bench.mjs: streams a ~30 KB markdown answer in
 * 24-character chunks, one chunk per animation frame, into
 *
 *  - `message`:  acp-react's <Message streaming> (block split, memoized finished blocks,
 *                CodeBlock with idle-time incremental highlighting);
 *  - `baseline`: <ReactMarkdown remarkPlugins={[remarkGfm]}> of the whole text on every chunk.
 *
 * Each chunk is committed with flushSync inside a <Profiler>; we keep the profiler's
 * actualDuration (render work) and the wall time of the flushSync (render + commit + DOM).
 * Long tasks are observed over each run, so idle-time work (highlighting) is not hidden.
 * Results land on `window.__benchResults`.
 */
import { Profiler, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Message } from '../src/components/Message/index.js';
import { preloadComponents } from '../src/components/shared/lazy-module.js';
import type { AgentMessageItem } from '../src/core/types.js';
import '../src/styles/tokens.css';

// Component styles, as an app would load them (layout cost included in the measurement).
import.meta.glob('../src/components/**/*.css', { eager: true });

const CHUNK = 24;
const WORDS =
  'the parser keeps a cache of finished blocks so each chunk only touches the tail while the rest of the answer stays exactly as it was rendered before'.split(
    ' ',
  );

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i++) {
    const word = WORDS[(seed * 7 + i * 13) % WORDS.length];
    if (i % 11 === 3) words.push(`**${word}**`);
    else if (i % 13 === 5) words.push(`\`${word}()\``);
    else if (i % 29 === 7) words.push(`[${word}](https://example.com/${seed}/${i})`);
    else words.push(word);
  }
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function codeBlock(lines: number): string {
  const body: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 20 === 0) body.push(`// Section ${i / 20 + 1}: helpers for step ${i}`);
    else if (i % 20 === 1) body.push(`export function step${i}(input: readonly string[], limit = ${i}): string[] {`);
    else if (i % 20 === 18) body.push('}');
    else if (i % 20 === 19) body.push('');
    else body.push(`  const value${i} = input.slice(0, limit).map((s) => s.trim() + "${i}"); // ${i}`);
  }
  return `\`\`\`ts\n${body.join('\n')}\n\`\`\``;
}

function table(rows: number): string {
  const out = ['| File | Change | Lines | Status |', '|------|--------|------:|--------|'];
  for (let i = 0; i < rows; i++) out.push(`| src/module${i}.ts | refactor \`fn${i}\` | +${i * 3} / -${i} | ${i % 3 ? 'done' : 'review'} |`);
  return out.join('\n');
}

/** A deterministic ~30 KB answer: prose, lists, a table and a 200-line TypeScript block. */
export function buildAnswer(): string {
  const parts: string[] = [];
  let section = 0;
  while (parts.join('\n\n').length < 30_000) {
    section++;
    parts.push(`## Step ${section}: ${WORDS[section % WORDS.length]} and ${WORDS[(section * 3) % WORDS.length]}`);
    parts.push(`${sentence(section, 28)} ${sentence(section + 1, 22)} ${sentence(section + 2, 18)}`);
    parts.push(Array.from({ length: 5 }, (_, i) => `- ${sentence(section * 10 + i, 9)}`).join('\n'));
    if (section === 2) parts.push(table(12));
    if (section === 4) parts.push(codeBlock(200));
    parts.push(`${sentence(section + 5, 30)} ${sentence(section + 6, 16)}`);
  }
  return `${parts.join('\n\n')}\n`;
}

interface RunResult {
  name: string;
  chunks: number;
  actual: number[];
  wall: number[];
  longTasks: number[];
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

const remarkPlugins = [remarkGfm];
const scenarios: Record<string, (text: string, streaming: boolean) => ReactNode> = {
  message: (text, streaming) => {
    const item: AgentMessageItem = { id: 'a1', kind: 'agent_message', messageId: null, content: [{ type: 'text', text }], text };
    return <Message item={item} streaming={streaming} />;
  },
  baseline: (text) => (
    <div className="acp-markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins}>{text}</ReactMarkdown>
    </div>
  ),
};

async function run(name: string, answer: string): Promise<RunResult> {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const actual: number[] = [];
  const wall: number[] = [];
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let lastActual = 0;
  const onRender = (_id: string, _phase: string, actualDuration: number) => {
    lastActual += actualDuration;
  };
  const render = scenarios[name];
  for (let end = CHUNK; end < answer.length + CHUNK; end += CHUNK) {
    const text = answer.slice(0, Math.min(end, answer.length));
    lastActual = 0;
    const start = performance.now();
    flushSync(() =>
      root.render(
        <Profiler id={name} onRender={onRender}>
          {render(text, true)}
        </Profiler>,
      ),
    );
    wall.push(performance.now() - start);
    actual.push(lastActual);
    await nextFrame();
  }
  flushSync(() =>
    root.render(
      <Profiler id={name} onRender={onRender}>
        {render(answer, false)}
      </Profiler>,
    ),
  );
  // Let idle-time work (highlighting) finish inside the observed window.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  observer.disconnect();
  root.unmount();
  return { name, chunks: actual.length, actual, wall, longTasks };
}

declare global {
  interface Window {
    __benchResults?: { answerLength: number; runs: RunResult[] } | { error: string };
  }
}

async function main() {
  const answer = buildAnswer();
  // The markdown renderer is fetched on demand; load it first, as a host would when idle.
  await preloadComponents();
  const rounds = new URLSearchParams(location.search).get('quick') ? 1 : 2;
  const runs: RunResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const only = new URLSearchParams(location.search).get('only');
    for (const name of Object.keys(scenarios)) if (!only || only === name) runs.push(await run(name, answer));
  }
  window.__benchResults = { answerLength: answer.length, runs };
}

main().catch((error: unknown) => {
  window.__benchResults = { error: String((error as Error)?.stack ?? error) };
});
