import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PromptInput, type PromptInputProps, type QueuedPrompt } from '../../src/components/PromptInput/index.js';
import type { PromptCapabilities } from '../../src/core/types.js';

function setup(props: Partial<PromptInputProps> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  const utils = render(<PromptInput onSubmit={onSubmit} onCancel={onCancel} running={false} {...props} />);
  const textbox = screen.getByRole('textbox', { name: 'Message to the agent' });
  return { ...utils, onSubmit, onCancel, user, textbox };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' });
const text = () => new File(['# Notes\nhello'], 'notes.md', { type: 'text/markdown' });
const binary = () => new File([new Uint8Array([0, 1, 2, 255])], 'data.bin', { type: 'application/octet-stream' });

function paste(target: HTMLElement, files: File[], types = ['Files']) {
  fireEvent.paste(target, { clipboardData: { files, types, getData: () => '' } });
}
function drop(target: HTMLElement, files: File[]) {
  fireEvent.dragOver(target, { dataTransfer: { files, types: ['Files'], dropEffect: 'none' } });
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });
}

describe('PromptInput: typing and sending', () => {
  it('sends the text as a text block on Enter and clears the draft', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, 'Fix the failing test{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'Fix the failing test' }]);
    expect(textbox).toHaveValue('');
    expect(textbox).toHaveFocus();
  });

  it('inserts a newline on Shift+Enter', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'line one\nline two' }]);
  });

  it('never sends on Enter during IME composition', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, 'nihon');
    fireEvent.keyDown(textbox, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(textbox, { key: 'Enter', keyCode: 229 });
    fireEvent.compositionStart(textbox);
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.compositionEnd(textbox);
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not send an empty or whitespace-only prompt', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, '   {Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends with the Send button', async () => {
    const { textbox, user, onSubmit } = setup();
    await user.type(textbox, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'hello' }]);
  });

  it('sends nothing while disabled', async () => {
    const { textbox, onSubmit } = setup({ disabled: true, defaultValue: 'hi' });
    expect(textbox).toBeDisabled();
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('grows with its content', async () => {
    const { textbox, user } = setup();
    Object.defineProperty(textbox, 'scrollHeight', { configurable: true, get: () => 120 });
    await user.type(textbox, 'a{Shift>}{Enter}{/Shift}b');
    expect(textbox.style.height).toBe('120px');
  });
});

describe('PromptInput: draft ownership', () => {
  it('keeps a controlled draft across rerenders and reports every change', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    function Host({ session }: { session: string }) {
      const [drafts, setDrafts] = useState<Record<string, string>>({ a: 'draft in A', b: '' });
      return (
        <PromptInput
          key={session}
          value={drafts[session]}
          onValueChange={(v) => {
            onValueChange(v);
            setDrafts((d) => ({ ...d, [session]: v }));
          }}
          onSubmit={vi.fn()}
          onCancel={vi.fn()}
          running={false}
        />
      );
    }
    const { rerender } = render(<Host session="a" />);
    const box = () => screen.getByRole('textbox');
    expect(box()).toHaveValue('draft in A');
    await user.type(box(), '!');
    expect(onValueChange).toHaveBeenLastCalledWith('draft in A!');
    rerender(<Host session="b" />);
    expect(box()).toHaveValue('');
    rerender(<Host session="a" />);
    expect(box()).toHaveValue('draft in A!');
  });

  it('still reports changes to the deprecated onDraftChange', async () => {
    const onDraftChange = vi.fn();
    const user = userEvent.setup();
    render(<PromptInput defaultValue="hi" onDraftChange={onDraftChange} onSubmit={vi.fn()} onCancel={vi.fn()} running={false} />);
    await user.type(screen.getByRole('textbox'), '!');
    expect(onDraftChange).toHaveBeenLastCalledWith('hi!');
  });

  it('shows only what the controlled value says', async () => {
    const { textbox, user } = setup({ value: 'fixed' });
    await user.type(textbox, 'x');
    expect(textbox).toHaveValue('fixed');
  });
});

describe('PromptInput: Stop', () => {
  it('shows Stop only while running and calls onCancel', async () => {
    const { user, onCancel, rerender } = setup();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    rerender(<PromptInput onSubmit={vi.fn()} onCancel={onCancel} running />);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('PromptInput: attachments', () => {
  it('turns a pasted image into an image block when images are supported', async () => {
    const { textbox, user, onSubmit } = setup({ promptCapabilities: { image: true } });
    paste(textbox, [png()]);
    const chips = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(chips).getByText('shot.png')).toBeInTheDocument();
    await user.type(textbox, 'what is this?{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([
      { type: 'text', text: 'what is this?' },
      { type: 'image', data: 'iVBORw==', mimeType: 'image/png' },
    ]);
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('refuses a pasted image with a visible alert when images are not supported', async () => {
    const { textbox, onSubmit } = setup({ promptCapabilities: { image: false, embeddedContext: true } });
    paste(textbox, [png()]);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('This agent does not accept images: shot.png was not attached.'));
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(alert).toBeEmptyDOMElement();
  });

  it('lets rich pastes (HTML with a picture) paste their text instead', () => {
    const { textbox } = setup({ promptCapabilities: { image: true } });
    paste(textbox, [png()], ['text/plain', 'text/html', 'Files']);
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('embeds a dropped text file as a text resource with embeddedContext', async () => {
    const { textbox, container, user, onSubmit } = setup({ promptCapabilities: { embeddedContext: true } });
    drop(container.querySelector('.acp-prompt-input')!, [text()]);
    await screen.findByText('notes.md');
    expect(screen.getByText(/Embedded/)).toBeInTheDocument();
    await user.click(textbox);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes\nhello' } }]);
  });

  it('embeds a binary file as a blob resource with embeddedContext', async () => {
    const { user, onSubmit } = setup({ promptCapabilities: { embeddedContext: true } });
    await user.click(screen.getByRole('button', { name: 'Attach files' }));
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, binary());
    await screen.findByText('data.bin');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { type: 'resource', resource: { uri: 'file:///data.bin', mimeType: 'application/octet-stream', blob: 'AAEC/w==' } },
    ]);
  });

  it('falls back to a resource_link without embeddedContext', async () => {
    const { user, onSubmit } = setup({ promptCapabilities: {} });
    const file = new File(['x'.repeat(42)], 'my notes.md', { type: 'text/markdown' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await screen.findByText('my notes.md');
    expect(screen.getByText(/Link only/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'resource_link', uri: 'file:///my%20notes.md', name: 'my notes.md', mimeType: 'text/markdown', size: 42 }]);
  });

  it('removes an attachment with its chip button', async () => {
    const { user } = setup({ promptCapabilities: { image: true } });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png());
    await user.click(await screen.findByRole('button', { name: 'Remove shot.png' }));
    expect(screen.queryByText('shot.png')).toBeNull();
  });

  it('refuses files over the size limit', async () => {
    const { user } = setup({ promptCapabilities: { embeddedContext: true }, maxAttachmentBytes: 3 });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, text());
    expect(await screen.findByRole('alert')).toHaveTextContent(/notes\.md is too large to attach/);
  });

  it('accepts some files and refuses others from one drop', async () => {
    const caps: PromptCapabilities = { image: false };
    const { container } = setup({ promptCapabilities: caps });
    drop(container.querySelector('.acp-prompt-input')!, [png(), text()]);
    await screen.findByText('notes.md');
    expect(screen.getByRole('alert')).toHaveTextContent('shot.png');
  });
});

describe('PromptInput: queue while running', () => {
  function QueueHost({ onSubmit, onCancel, initialRunning = true }: { onSubmit: (b: unknown) => void; onCancel: () => void; initialRunning?: boolean }) {
    const [running, setRunning] = useState(initialRunning);
    return (
      <>
        <button type="button" onClick={() => setRunning((r) => !r)}>
          toggle turn
        </button>
        <PromptInput running={running} onSubmit={onSubmit} onCancel={onCancel} />
      </>
    );
  }

  function setupQueue() {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<QueueHost onSubmit={onSubmit} onCancel={onCancel} />);
    const textbox = screen.getByRole('textbox', { name: 'Message to the agent' });
    const queued = () => within(screen.getByRole('region', { name: /Queued/ })).getAllByRole('listitem');
    return { onSubmit, onCancel, user, textbox, queued };
  }

  it('queues instead of sending and shows the queue', async () => {
    const { onSubmit, user, textbox, queued } = setupQueue();
    expect(screen.getByRole('button', { name: 'Queue' })).toBeInTheDocument();
    await user.type(textbox, 'next step{Enter}');
    await user.type(textbox, 'and then this{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox).toHaveValue('');
    expect(screen.getByRole('region', { name: 'Queued (2)' })).toBeInTheDocument();
    expect(queued().map((li) => li.querySelector('.acp-prompt-input__queue-text')!.textContent)).toEqual(['next step', 'and then this']);
  });

  it('sends queued prompts in order, one per finished turn', async () => {
    const { onSubmit, user, textbox } = setupQueue();
    await user.type(textbox, 'one{Enter}');
    await user.type(textbox, 'two{Enter}');
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenLastCalledWith([{ type: 'text', text: 'one' }]);
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onSubmit).toHaveBeenLastCalledWith([{ type: 'text', text: 'two' }]);
    expect(screen.queryByRole('region', { name: /Queued/ })).toBeNull();
  });

  it('edits a queued prompt', async () => {
    const { onSubmit, user, textbox, queued } = setupQueue();
    await user.type(textbox, 'typo{Enter}');
    await user.click(within(queued()[0]).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit queued message 1' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.type(editor, 'fixed{Enter}');
    expect(queued()[0]).toHaveTextContent('fixed');
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'fixed' }]);
  });

  it('removes a queued prompt', async () => {
    const { onSubmit, user, textbox, queued } = setupQueue();
    await user.type(textbox, 'keep{Enter}');
    await user.type(textbox, 'drop{Enter}');
    await user.click(within(queued()[1]).getByRole('button', { name: 'Remove' }));
    expect(queued()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'keep' }]);
  });

  it('send now cancels the turn first, then sends that prompt next', async () => {
    const { onSubmit, onCancel, user, textbox, queued } = setupQueue();
    await user.type(textbox, 'first{Enter}');
    await user.type(textbox, 'urgent{Enter}');
    await user.click(within(queued()[1]).getByRole('button', { name: 'Send now' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    // The host reports the cancelled turn has ended.
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'urgent' }]);
  });

  it('Stop pauses the queue; Resume sends the next prompt', async () => {
    const { onSubmit, onCancel, user, textbox } = setupQueue();
    await user.type(textbox, 'later{Enter}');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'toggle turn' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(/Paused after Stop/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'later' }]);
  });

  it('queues attachments with the prompt', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    function Host() {
      const [running, setRunning] = useState(true);
      const [queue, setQueue] = useState<QueuedPrompt[]>([]);
      return (
        <>
          <button type="button" onClick={() => setRunning(false)}>
            end turn
          </button>
          <PromptInput running={running} onSubmit={onSubmit} onCancel={vi.fn()} promptCapabilities={{ image: true }} queue={queue} onQueueChange={setQueue} />
        </>
      );
    }
    render(<Host />);
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png());
    await screen.findByText('shot.png');
    await user.click(screen.getByRole('button', { name: 'Queue' }));
    expect(screen.getByText(/1 attachment/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'end turn' }));
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'image', data: 'iVBORw==', mimeType: 'image/png' }]);
  });
});
