/**
 * Raw JSON views with values nested deeper than `JSON.stringify` (and `String`) can go: the tool
 * call's raw input and output, an unsupported update, an unsupported content block and the
 * protocol inspector. Each shows the value with the deep levels on one line and says so, and
 * over the text budget shows the start and offers the whole to copy.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '../../src/components/Message/index.js';
import { ProtocolInspector } from '../../src/components/Inspector/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { NESTING_LIMIT, TOOL_OUTPUT_LIMIT } from '../../src/components/shared/budgets.js';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import type { AgentMessageItem, ToolCallItem } from '../../src/core/types.js';
import { toolCallItem } from '../helpers/threads.js';

function nestedArrays(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const DEEP = nestedArrays(100_000);

const toolCall = (patch: Partial<ToolCallItem>) => toolCallItem({ title: 'Deep', ...patch });

describe('deep raw JSON', () => {
  it('the tool call raw view shows 100,000 nested arrays with the deep levels on one line, and says so', async () => {
    const user = userEvent.setup();
    const { container } = render(<ToolCall toolCall={toolCall({ rawInput: DEEP, rawOutput: { ok: true } })} open />);
    await user.click(screen.getByRole('button', { name: 'Raw input and output' }));
    const input = container.querySelector('[data-slot="tool-call-raw-input"]')!;
    // A big value is written out in slices behind a placeholder: wait for the text.
    const text = await waitFor(() => {
      const written = input.querySelector('pre')?.textContent ?? '';
      expect(written.startsWith('[')).toBe(true);
      return written;
    });
    // Levels 0 to 30 open on lines of their own; the rest is one line, cut at the text budget.
    const lines = text.split('\n');
    expect(lines).toHaveLength(NESTING_LIMIT);
    expect(lines[1]).toBe('  [');
    expect(lines.at(-1)!.startsWith(`${' '.repeat(2 * (NESTING_LIMIT - 1))}[[[`)).toBe(true);
    expect(text).toHaveLength(TOOL_OUTPUT_LIMIT);
    const notes = within(input as HTMLElement).getAllByRole('note');
    expect(notes[0]).toHaveTextContent(`Nested deeper than ${NESTING_LIMIT} levels: the deeper levels are written on one line.`);
    expect(notes[1]).toHaveTextContent('Showing the first 100,000 characters.');
    expect(container.querySelector('[data-slot="tool-call-raw-output"] pre')).toHaveTextContent('"ok": true');
  });

  it('over the budget, shows the start and offers the whole text to copy and download', async () => {
    const user = userEvent.setup();
    const big = { lines: Array.from({ length: 20_000 }, (_, i) => `line ${i}`) };
    const { container } = render(<ToolCall toolCall={toolCall({ rawOutput: big })} open />);
    await user.click(screen.getByRole('button', { name: 'Raw input and output' }));
    const output = container.querySelector('[data-slot="tool-call-raw-output"]') as HTMLElement;
    expect(output.querySelector('pre')!.textContent).toHaveLength(TOOL_OUTPUT_LIMIT);
    const note = within(output).getByRole('note');
    expect(note).toHaveTextContent('Showing the first 100,000 characters.');
    expect(within(note).getByRole('button', { name: 'Copy the full text' })).toBeInTheDocument();
    expect(within(note).getByRole('button', { name: 'Download the full text as raw-output.json' })).toBeInTheDocument();
  });

  it('an unsupported update and an unsupported content block show their deep raw JSON', async () => {
    const user = userEvent.setup();
    let session = createSessionState('s1', { cwd: '/w' });
    session = applySessionUpdate(session, { sessionUpdate: 'x_deep', payload: DEEP }, 1);
    render(<Thread session={session} />);
    const details = screen.getByText('Raw JSON').closest('details')!;
    // Written once opened: nothing is serialized for a view nobody opens.
    expect(details.querySelector('pre')).toBeNull();
    await user.click(screen.getByText('Raw JSON'));
    // The details' toggle event comes a task after the click; React 18 renders its update later still.
    await waitFor(() => expect(details.querySelector('pre')?.textContent).toContain('"payload": ['));

    const item: AgentMessageItem = {
      id: 'm',
      kind: 'agent_message',
      messageId: null,
      text: '',
      content: [{ type: 'x-deep', unsupported: true, raw: { type: 'x-deep', payload: DEEP } }],
    };
    render(<Message item={item} />);
    await user.click(screen.getByRole('button', { name: /x-deep/ }));
    expect(screen.getAllByRole('note').some((note) => note.textContent!.includes(`Nested deeper than ${NESTING_LIMIT} levels`))).toBe(true);
  });

  it('the protocol inspector previews and opens a deep frame', async () => {
    const user = userEvent.setup();
    // The inspector's list is virtualized: give it a viewport (jsdom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const entry = { seq: 1, dir: 'in' as const, at: 0, msg: { jsonrpc: '2.0', method: 'session/update', params: { deep: DEEP } } };
    const { container } = render(<ProtocolInspector entries={[entry]} />);
    const head = await waitFor(() => container.querySelector('.acp-inspector__frame-head') as HTMLButtonElement);
    expect(head).not.toBeNull();
    expect(head.textContent).toContain('{"jsonrpc":"2.0","method":"session/update"');
    await user.click(head);
    expect(container.querySelector('.acp-inspector__json')!.textContent).toContain('"deep": [');
    vi.restoreAllMocks();
  });
});
