/**
 * The text budgets of tool output and messages: past them, the start is shown and a note says how
 * much, with the whole text to copy and download; under them, nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Markdown } from '../../src/components/Markdown/index.js';
import { Message } from '../../src/components/Message/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { MESSAGE_TEXT_LIMIT, TOOL_OUTPUT_LIMIT } from '../../src/components/shared/budgets.js';
import type { UserMessageItem } from '../../src/core/types.js';
import { toolCallItem } from '../helpers/threads.js';

const toolCall = (text: string) =>
  toolCallItem({ title: 'Read a big file', toolKind: 'read', content: [{ type: 'content', content: { type: 'text', text } }] });

describe('text budgets', () => {
  it('shows tool output up to its budget, then says how much is shown and offers the rest', () => {
    const text = 'x'.repeat(TOOL_OUTPUT_LIMIT + 12_345);
    const { container } = render(<ToolCall toolCall={toolCall(text)} open />);
    expect(container.querySelector('[data-slot="tool-call-text"]')!.textContent).toHaveLength(TOOL_OUTPUT_LIMIT);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Showing the first 100,000 of 112,345 characters.');
    expect(within(note).getByRole('button', { name: 'Copy the full text' })).toBeInTheDocument();
    expect(within(note).getByRole('button', { name: 'Download the full text as tool-output.txt' })).toBeInTheDocument();
  });

  it('leaves tool output within the budget alone', () => {
    render(<ToolCall toolCall={toolCall('short output')} open />);
    expect(screen.getByText('short output')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('cuts a replayed user message over the message budget too', () => {
    const text = 'y'.repeat(MESSAGE_TEXT_LIMIT + 10);
    const item: UserMessageItem = { id: 'u', kind: 'user_message', messageId: null, content: [{ type: 'text', text }], text, local: false, turnId: null };
    const { container } = render(<Message item={item} />);
    expect(container.querySelector('[data-slot="message-text"]')!.textContent).toHaveLength(MESSAGE_TEXT_LIMIT);
    expect(screen.getByRole('note')).toHaveTextContent('Showing the first 1,000,000 of 1,000,010 characters.');
  });

  it('renders markdown up to its budget (MESSAGE_TEXT_LIMIT by default) and says so past it', () => {
    const { container } = render(<Markdown text={'Words and **more** words. '.repeat(10)} maxChars={52} />);
    expect(container.querySelector('p')!.textContent).toBe('Words and more words. Words and more words.');
    expect(screen.getByRole('note')).toHaveTextContent('Showing the first 52 of 260 characters.');
  });
});
