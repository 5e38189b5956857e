/**
 * A part that throws while rendering (a thread item, one output of a tool call, a markdown block,
 * a message's content block) shows "Could not display this part" with its raw text to read and
 * copy; the rest of the thread keeps rendering and updating. Parts are made to throw through the
 * host's `renderItem` and through mocked leaf components (a diff, a code block), the way a bug in
 * any of them would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { Markdown } from '../../src/components/Markdown/index.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { SessionState, ThreadItem, ToolCallItem } from '../../src/core/types.js';

vi.mock('../../src/components/Diff/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/components/Diff/index.js')>();
  return {
    ...original,
    Diff: (props: { path: string }) => {
      if (props.path === '/boom.ts') throw new Error('the diff broke');
      return <div data-testid="diff">{props.path}</div>;
    },
  };
});
vi.mock('../../src/components/CodeBlock/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/components/CodeBlock/index.js')>();
  return {
    ...original,
    CodeBlock: (props: { code: string; language?: string | null }) => {
      if (props.language === 'boom') throw new Error('the code block broke');
      return <pre data-testid="code">{props.code}</pre>;
    },
  };
});

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // React and the boundary report caught errors on the console; keep the test output readable.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

function conversation(): SessionState {
  let s = startTurn(createSessionState('s1', { cwd: '/w' }), 't1', [{ type: 'text', text: 'first question' }], 1);
  s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'the poisoned answer' } }, 2);
  s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read a.ts', kind: 'read', status: 'completed' }, 3);
  return endTurn(s, 't1', { stopReason: 'end_turn' }, 4);
}

const poisoned = (item: ThreadItem) => item.kind === 'agent_message' && item.text.includes('poisoned');

describe('a part that fails to render', () => {
  it('stays inside its thread item, which offers its raw text; the other items and later updates render', async () => {
    const user = userEvent.setup();
    const renderItem = (item: ThreadItem, { defaultView }: { defaultView: React.ReactNode }) => {
      if (poisoned(item)) throw new Error('this item cannot render');
      return defaultView;
    };
    let session = conversation();
    const { rerender } = render(<Thread session={session} renderItem={renderItem} />);

    const failed = screen.getByRole('group', { name: 'Could not display this part.' });
    expect(failed).toHaveTextContent('Error: this item cannot render');
    expect(failed.closest('[data-slot="thread-item"]')).toHaveAttribute('data-kind', 'agent_message');
    expect(screen.getByRole('article', { name: 'Your message' })).toHaveTextContent('first question');
    expect(screen.getByText('Read a.ts')).toBeInTheDocument();

    const details = failed.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(within(failed).getByText('Show the raw text'));
    expect(details.open).toBe(true);
    expect(within(failed).getByText('the poisoned answer')).toBeVisible();
    expect(within(failed).getByRole('button', { name: 'Copy the raw text' })).toBeInTheDocument();

    // The session goes on: a new turn renders, the failed item stays contained.
    session = startTurn(session, 't2', [{ type: 'text', text: 'second question' }], 5);
    session = applySessionUpdate(session, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a fine answer' } }, 6);
    rerender(<Thread session={session} renderItem={renderItem} />);
    expect(screen.getByText('a fine answer')).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: 'Could not display this part.' })).toHaveLength(1);
  });

  it('renders the item again once it changes', () => {
    let fail = true;
    const renderItem = (item: ThreadItem, { defaultView }: { defaultView: React.ReactNode }) => {
      if (fail && poisoned(item)) throw new Error('not yet');
      return defaultView;
    };
    let session = startTurn(createSessionState('s1'), 't1', [{ type: 'text', text: 'q' }], 1);
    session = applySessionUpdate(session, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'the poisoned' } }, 2);
    const { rerender } = render(<Thread session={session} renderItem={renderItem} />);
    expect(screen.getByRole('group', { name: 'Could not display this part.' })).toBeInTheDocument();
    fail = false;
    session = applySessionUpdate(session, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: ' answer' } }, 3);
    rerender(<Thread session={session} renderItem={renderItem} />);
    expect(screen.queryByRole('group', { name: 'Could not display this part.' })).toBeNull();
    expect(screen.getByText('the poisoned answer')).toBeInTheDocument();
  });

  it('one output of a tool call fails alone: the card and its other outputs work', () => {
    const item: ToolCallItem = {
      id: 'tc',
      kind: 'tool_call',
      toolCallId: 'tc',
      title: 'Edit two files',
      name: null,
      toolKind: 'edit',
      status: 'completed',
      content: [
        { type: 'diff', path: '/boom.ts', oldText: 'a', newText: 'b\n' },
        { type: 'diff', path: '/fine.ts', oldText: 'a', newText: 'c\n' },
        { type: 'content', content: { type: 'text', text: 'Both edited.' } },
      ],
      locations: [],
      rawInput: undefined,
      rawOutput: undefined,
      createdByUpdate: false,
    };
    render(<ToolCall toolCall={item} open />);
    const failed = screen.getByRole('group', { name: 'Could not display this part.' });
    expect(failed).toHaveTextContent('Error: the diff broke');
    expect(screen.getByTestId('diff')).toHaveTextContent('/fine.ts');
    expect(screen.getByText('Both edited.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit two files/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('one markdown block fails alone and offers its source', async () => {
    const user = userEvent.setup();
    const { container } = render(<Markdown text={'Before the code.\n\n```boom\nsecret()\n```\n\nAfter the code.\n'} />);
    expect(screen.getByText('Before the code.')).toBeInTheDocument();
    expect(screen.getByText('After the code.')).toBeInTheDocument();
    const failed = screen.getByRole('group', { name: 'Could not display this part.' });
    await user.click(within(failed).getByText('Show the raw text'));
    expect(failed.querySelector('pre')!.textContent).toBe('```boom\nsecret()\n```\n');
    expect(container.querySelectorAll('[data-slot="part-error"]')).toHaveLength(1);
  });
});
