import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import * as defaultOpenModule from '../../src/components/ToolCall/default-open.js';
import type { TerminalState, ToolCallItem, ToolKind } from '../../src/core/types.js';
import { toolCallItem } from '../helpers/threads.js';

// Pass-through spy: counts how often a card renders (an uncontrolled card asks for its default state each render).
vi.mock('../../src/components/ToolCall/default-open.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/ToolCall/default-open.js')>();
  return { ...actual, isOpenByDefault: vi.fn(actual.isOpenByDefault) };
});

const toolCall = (patch: Partial<ToolCallItem> = {}): ToolCallItem =>
  toolCallItem({ id: 'item-1', toolCallId: 'call_1', title: 'Editing config', toolKind: 'edit', status: 'in_progress', ...patch });

function terminal(patch: Partial<TerminalState> = {}): TerminalState {
  return {
    terminalId: 'term-1',
    sessionId: 's',
    command: 'npm',
    args: ['test'],
    cwd: null,
    output: 'all 12 tests passed\n',
    truncated: false,
    exitStatus: { exitCode: 0, signal: null },
    released: false,
    ...patch,
  };
}

const card = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
const withText = (text: string) => [{ type: 'content' as const, content: { type: 'text' as const, text } }];

describe('ToolCall', () => {
  it.each<[ToolKind, string]>([
    ['read', 'Read'],
    ['edit', 'Edit'],
    ['delete', 'Delete'],
    ['move', 'Move'],
    ['search', 'Search'],
    ['execute', 'Run'],
    ['think', 'Think'],
    ['fetch', 'Fetch'],
    ['switch_mode', 'Switch mode'],
    ['other', 'Tool'],
  ])('renders the %s kind with an icon and a spoken kind label', (kind, label) => {
    const { container } = render(<ToolCall toolCall={toolCall({ toolKind: kind, title: 'Doing it' })} />);
    expect(card(container)).toHaveAttribute('data-kind', kind);
    expect(container.querySelector('svg[data-slot="tool-call-icon"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(`${label}:`)).toHaveClass('acp-visually-hidden');
    expect(screen.getByText('Doing it')).toBeInTheDocument();
  });

  it('falls back to "other" for a kind it does not know', () => {
    const { container } = render(<ToolCall toolCall={toolCall({ toolKind: 'teleport' as ToolKind })} />);
    expect(card(container)).toHaveAttribute('data-kind', 'other');
  });

  it.each([
    ['pending', 'Pending'],
    ['in_progress', 'In progress'],
    ['completed', 'Completed'],
    ['failed', 'Failed'],
    ['cancelled', 'Cancelled'],
  ] as const)('shows the %s status as a badge with text', (status, label) => {
    const { container } = render(<ToolCall toolCall={toolCall({ status })} />);
    expect(card(container)).toHaveAttribute('data-status', status);
    const badge = container.querySelector('[data-slot="tool-call-status"]')!;
    expect(badge).toHaveAttribute('data-status', status);
    expect(badge).toHaveTextContent(label);
  });

  it('shows the tool’s programmatic name in the header, untranslated, named for screen readers', () => {
    const { container } = render(<ToolCall toolCall={toolCall({ title: 'Editing config', name: 'write_file', content: withText('done') })} />);
    const name = container.querySelector<HTMLElement>('[data-slot="tool-call-name"]')!;
    expect(name.closest('[data-slot="tool-call-trigger"]')).not.toBeNull();
    const code = within(name).getByText('write_file');
    expect(code.tagName).toBe('CODE');
    expect(code).toHaveAttribute('translate', 'no');
    expect(within(name).getByText(/Tool name:/)).toHaveClass('acp-visually-hidden');
    expect(screen.getByRole('button', { name: /Editing config\s*Tool name:\s*write_file/ })).toBeInTheDocument();
  });

  it('shows no name when the agent sent none, or when it only repeats the title', () => {
    const { container, rerender } = render(<ToolCall toolCall={toolCall({ title: 'Editing config', name: null })} />);
    expect(container.querySelector('[data-slot="tool-call-name"]')).toBeNull();
    rerender(<ToolCall toolCall={toolCall({ title: 'write_file', name: 'write_file' })} />);
    expect(container.querySelector('[data-slot="tool-call-name"]')).toBeNull();
    expect(screen.getByText('write_file')).toHaveAttribute('data-slot', 'tool-call-title');
  });

  it('names an untitled call by its tool name as well', () => {
    const { container } = render(<ToolCall toolCall={toolCall({ title: '  ', name: 'Bash' })} />);
    expect(container.querySelector('[data-slot="tool-call-title"]')).toHaveTextContent('Tool call');
    expect(container.querySelector('[data-slot="tool-call-name"] code')).toHaveTextContent('Bash');
  });

  it('renders HTML in the title as inert text', () => {
    const title = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { container } = render(<ToolCall toolCall={toolCall({ title })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('calls onOpenLocation with the path and line of the chosen location', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    render(
      <ToolCall
        cwd="/repo"
        onOpenLocation={onOpenLocation}
        toolCall={toolCall({
          locations: [{ path: '/repo/src/app.ts', line: 12 }, { path: '/elsewhere/deep/nested/dir/notes.md' }],
        })}
      />,
    );
    const first = screen.getByRole('button', { name: 'src/app.ts:12' });
    expect(first).toHaveAttribute('title', '/repo/src/app.ts:12');
    await user.click(first);
    expect(onOpenLocation).toHaveBeenLastCalledWith('/repo/src/app.ts', 12);

    const second = screen.getByRole('button', { name: '…/dir/notes.md' });
    expect(second).toHaveAttribute('title', '/elsewhere/deep/nested/dir/notes.md');
    await user.click(second);
    expect(onOpenLocation).toHaveBeenLastCalledWith('/elsewhere/deep/nested/dir/notes.md', undefined);
  });

  it('shows locations as plain labels when the host cannot open files', () => {
    render(<ToolCall toolCall={toolCall({ locations: [{ path: '/repo/a.ts', line: 3 }] })} />);
    expect(screen.queryByRole('button', { name: /a\.ts/ })).toBeNull();
    expect(screen.getByText('/repo/a.ts:3')).toBeInTheDocument();
  });

  it('toggles the raw input/output disclosure and shows escaped JSON', async () => {
    const user = userEvent.setup();
    const rawInput = { path: '/repo/config.json', content: '<script>alert(1)</script>' };
    const { container } = render(<ToolCall toolCall={toolCall({ rawInput, rawOutput: { success: true } })} />);
    const toggle = screen.getByRole('button', { name: 'Raw input and output' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('[data-slot="tool-call-raw-input"]')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const input = container.querySelector('[data-slot="tool-call-raw-input"]')!;
    expect(input.querySelector('pre')!.textContent).toBe(JSON.stringify(rawInput, null, 2));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[data-slot="tool-call-raw-output"] pre')).toHaveTextContent('"success": true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes raw input nested 50,000 levels in slices once opened: a placeholder of its box, then the text and its note', async () => {
    // A clock that moves 5 ms a look: the render's slice is spent long before the text is written.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    let rawInput: unknown = 'bottom';
    for (let i = 0; i < 50_000; i++) rawInput = [rawInput];
    const { container } = render(<ToolCall toolCall={toolCall({ rawInput })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Raw input and output' }));
    const input = container.querySelector('[data-slot="tool-call-raw-input"]')!;
    const writing = within(input as HTMLElement).getByText('Writing out the raw JSON…');
    expect(writing).toHaveAttribute('aria-busy', 'true');
    expect(writing).toHaveClass('acp-tool-call__text');
    await waitFor(() => expect(within(input as HTMLElement).queryByText('Writing out the raw JSON…')).toBeNull());
    const text = input.querySelector('pre')!.textContent!;
    expect(text.startsWith('[\n  [\n    [')).toBe(true);
    expect(text.length).toBe(100_000);
    expect(within(input as HTMLElement).getByText('Nested deeper than 32 levels: the deeper levels are written on one line.')).toBeInTheDocument();
  });

  it('shows the command of an execute call when the title is only a summary', () => {
    const { container, rerender } = render(
      <ToolCall toolCall={toolCall({ toolKind: 'execute', title: 'Run the tests', rawInput: { command: 'npm test -- --run' } })} />,
    );
    expect(container.querySelector('[data-slot="tool-call-command"]')).toHaveTextContent('$ npm test -- --run');

    rerender(<ToolCall toolCall={toolCall({ toolKind: 'execute', title: 'ls -la', rawInput: { command: 'ls -la' } })} />);
    expect(container.querySelector('[data-slot="tool-call-command"]')).toBeNull();

    rerender(<ToolCall toolCall={toolCall({ toolKind: 'execute', title: 'List', rawInput: { command: ['git', 'status'] } })} />);
    expect(container.querySelector('[data-slot="tool-call-command"]')).toHaveTextContent('git status');
  });

  it('leaves the command to the terminal header when a terminal is shown', () => {
    const item = toolCall({
      toolKind: 'execute',
      title: 'Run the tests',
      rawInput: { command: 'npm test' },
      content: [{ type: 'terminal', terminalId: 'term-1' }],
    });
    const { container, rerender } = render(<ToolCall toolCall={item} terminals={{ 'term-1': terminal() }} />);
    expect(container.querySelector('.acp-tool-call__command')).toBeNull();
    expect(container.querySelector('.acp-terminal [data-slot="terminal-command"]')).toHaveTextContent('$ npm test');

    // Without the terminal, the card shows the command itself.
    rerender(<ToolCall toolCall={item} terminals={{}} />);
    expect(container.querySelector('.acp-tool-call__command')).toHaveTextContent('$ npm test');
  });

  it('renders the permission and elicitation slots inside the card, even when folded', () => {
    const { container } = render(
      <ToolCall
        toolCall={toolCall({ toolKind: 'read', status: 'completed', content: withText('file body') })}
        permissionSlot={<button type="button">Allow once</button>}
        elicitationSlot={<p>Which branch?</p>}
      />,
    );
    const root = card(container);
    expect(within(root).getByRole('button', { name: 'Allow once' })).toBeVisible();
    expect(within(root).getByText('Which branch?')).toBeVisible();
    expect(screen.getByText('file body')).not.toBeVisible();
  });

  it('looks up terminal content in the terminals prop', () => {
    const { rerender } = render(
      <ToolCall toolCall={toolCall({ toolKind: 'execute', content: [{ type: 'terminal', terminalId: 'term-1' }] })} terminals={{ 'term-1': terminal() }} />,
    );
    expect(screen.getByRole('log', { name: 'Output of npm test' })).toHaveTextContent('all 12 tests passed');
    expect(screen.getByText('Exit code 0')).toBeInTheDocument();

    rerender(
      <ToolCall toolCall={toolCall({ toolKind: 'execute', content: [{ type: 'terminal', terminalId: 'term-9' }] })} terminals={{ 'term-1': terminal() }} />,
    );
    expect(screen.getByText('Terminal not available')).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('renders text and diff content', () => {
    const { container } = render(
      <ToolCall
        toolCall={toolCall({
          content: [...withText('Updated the host'), { type: 'diff', path: '/repo/config.json', oldText: '{"host": "a"}\n', newText: '{"host": "b"}\n' }],
        })}
      />,
    );
    expect(screen.getByText('Updated the host').tagName).toBe('PRE');
    expect(container.querySelector('[data-slot="diff"]')).toBeInTheDocument();
    expect(screen.getByText('{"host": "b"}').tagName).toBe('INS');
  });

  it('folds a completed read by default, with hidden="until-found", and opens others', () => {
    const { container, rerender } = render(<ToolCall toolCall={toolCall({ toolKind: 'read', status: 'in_progress', content: withText('file body') })} />);
    const trigger = screen.getByRole('button', { name: /Read:/ });
    const body = container.querySelector('[data-slot="tool-call-body"]')!;
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', body.id);
    expect(body).not.toHaveAttribute('hidden');

    // When the read completes it folds away on its own.
    rerender(<ToolCall toolCall={toolCall({ toolKind: 'read', status: 'completed', content: withText('file body') })} />);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(body).toHaveAttribute('hidden', 'until-found');

    rerender(<ToolCall toolCall={toolCall({ toolKind: 'edit', status: 'completed', content: withText('file body') })} />);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it("keeps the user's choice over the status default", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ToolCall toolCall={toolCall({ toolKind: 'search', status: 'in_progress', content: withText('3 hits') })} />);
    const trigger = screen.getByRole('button', { name: /Search:/ });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    rerender(<ToolCall toolCall={toolCall({ toolKind: 'search', status: 'completed', content: withText('3 hits') })} />);
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('3 hits')).toBeVisible();
  });

  it('toggles from the keyboard with Enter and Space', async () => {
    const user = userEvent.setup();
    render(<ToolCall toolCall={toolCall({ content: withText('output') })} />);
    const trigger = screen.getByRole('button', { name: /Editing config/ });
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('output')).not.toBeVisible();
    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('output')).toBeVisible();
  });

  it('opens a folded card when find-in-page reveals a match inside it', () => {
    const onOpenChange = vi.fn();
    const { container } = render(
      <ToolCall toolCall={toolCall({ toolKind: 'read', status: 'completed', content: withText('needle') })} onOpenChange={onOpenChange} />,
    );
    const body = container.querySelector('[data-slot="tool-call-body"]')!;
    fireEvent(body, new Event('beforematch'));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(body).not.toHaveAttribute('hidden');
  });

  it('starts from defaultOpen when uncontrolled, then follows the user, not the status', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const item = toolCall({ toolKind: 'read', status: 'in_progress', content: withText('file body') });
    const { rerender } = render(<ToolCall toolCall={item} defaultOpen={false} onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: /Editing config/ });
    // A running read would be open by default: defaultOpen wins.
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('data-state', 'closed');
    await user.click(trigger);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    // A completed read folds by default; the user's choice stays.
    rerender(<ToolCall toolCall={{ ...item, status: 'completed' }} defaultOpen={false} onOpenChange={onOpenChange} />);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('file body')).toBeVisible();
  });

  it('has no toggle when there is nothing to unfold', () => {
    render(<ToolCall toolCall={toolCall({ title: 'Thinking' })} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Thinking')).toBeInTheDocument();
  });

  it('does not re-render when only unrelated terminals change', () => {
    const renders = vi.mocked(defaultOpenModule.isOpenByDefault);
    const item = toolCall({ toolKind: 'execute', content: [{ type: 'terminal', terminalId: 'term-1' }] });
    const mine = terminal();
    const { rerender } = render(<ToolCall toolCall={item} terminals={{ 'term-1': mine }} />);
    renders.mockClear();

    rerender(<ToolCall toolCall={item} terminals={{ 'term-1': mine, 'term-2': terminal({ terminalId: 'term-2' }) }} />);
    expect(renders).not.toHaveBeenCalled();

    rerender(<ToolCall toolCall={item} terminals={{ 'term-1': terminal({ output: 'more\n' }) }} />);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(screen.getByText('more')).toBeInTheDocument();

    renders.mockClear();
    rerender(<ToolCall toolCall={{ ...item, status: 'completed' }} terminals={{ 'term-1': mine }} />);
    expect(renders).toHaveBeenCalledTimes(1);
  });
});

describe('ToolCall unknown content', () => {
  it('names content of an unknown shape and writes its JSON only once the user opens it', async () => {
    const user = userEvent.setup();
    const item = toolCall({ status: 'completed', content: [{ type: 'x-hologram', frames: 24 } as never] });
    const { container } = render(<ToolCall toolCall={item} open />);
    const details = container.querySelector('[data-slot="tool-call-unsupported"]') as HTMLDetailsElement;
    expect(within(details).getByText('Unsupported content')).toBeInTheDocument();
    expect(details.querySelector('pre')).toBeNull();
    await user.click(within(details).getByText('Unsupported content'));
    await waitFor(() => expect(details.querySelector('pre')?.textContent).toContain('"frames": 24'));
  });
});
