import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '../../src/components/Message/index.js';
import type { AgentMessageItem, ReceivedContentBlock, UserMessageItem } from '../../src/core/types.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function agent(content: ReceivedContentBlock[]): AgentMessageItem {
  const text = content.map((b) => ('type' in b && b.type === 'text' && 'text' in b ? b.text : '')).join('');
  return { id: 'm1', kind: 'agent_message', messageId: null, content, text };
}

afterEach(() => vi.restoreAllMocks());

describe('Message', () => {
  it('renders agent text as markdown in a labelled article', () => {
    render(<Message item={agent([{ type: 'text', text: 'Hello **there**' }])} />);
    const article = screen.getByRole('article', { name: 'Agent message' });
    expect(within(article).getByText('there').tagName).toBe('STRONG');
  });

  it('renders user text plainly, keeping it inert and distinct', () => {
    const item: UserMessageItem = {
      id: 'u1',
      kind: 'user_message',
      messageId: null,
      local: true,
      turnId: null,
      content: [{ type: 'text', text: 'fix **this** <b>now</b>' }],
      text: 'fix **this** <b>now</b>',
    };
    const { container } = render(<Message item={item} />);
    const article = screen.getByRole('article', { name: 'Your message' });
    expect(article).toHaveAttribute('data-role', 'user');
    expect(article).toHaveTextContent('fix **this** <b>now</b>');
    expect(container.querySelector('b, strong')).toBeNull();
  });

  it('shows raster images inline and SVG only as a file chip', () => {
    const { container } = render(
      <Message
        item={agent([
          { type: 'image', mimeType: 'image/png', data: PNG, uri: 'file:///shots/screen.png' },
          { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
        ])}
      />,
    );
    const img = screen.getByRole('img', { name: 'screen.png' });
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    const chip = container.querySelector('[data-slot="message-image-file"]')!;
    expect(chip).toHaveTextContent('Image not shown');
    expect(chip).toHaveTextContent('image/svg+xml');
  });

  it('plays audio of audio types only', () => {
    const { container } = render(
      <Message
        item={agent([
          { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
          { type: 'audio', mimeType: 'text/html', data: 'PGgxPg==' },
        ])}
      />,
    );
    const audio = container.querySelector('audio')!;
    expect(audio).toHaveAttribute('controls');
    expect(audio.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
    expect(container.querySelectorAll('audio')).toHaveLength(1);
    expect(screen.getByText('Audio not playable')).toBeInTheDocument();
  });

  it('shows resource links with size, and links only http(s) URIs', () => {
    render(
      <Message
        item={agent([
          { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report.pdf', size: 12_345, mimeType: 'application/pdf' },
          { type: 'resource_link', uri: 'file:///repo/src/main.rs', name: 'main.rs', title: 'Entry point' },
          { type: 'resource_link', uri: 'javascript:alert(1)', name: 'evil' },
        ])}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://example.com/report.pdf' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText(/12 kB · application\/pdf/)).toBeInTheDocument();
    expect(screen.getByText('Entry point')).toBeInTheDocument();
    expect(screen.getByText('file:///repo/src/main.rs').closest('a')).toBeNull();
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('collapses embedded resources behind a disclosure, text as code, blobs as a note', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Message
        item={agent([
          { type: 'resource', resource: { uri: 'file:///repo/app.py', text: 'print("hi")' } },
          { type: 'resource', resource: { uri: 'file:///repo/logo.bin', blob: 'AAECAwQF', mimeType: 'application/octet-stream' } },
        ])}
      />,
    );
    const [text, blob] = screen.getAllByRole('button', { expanded: false });
    expect(text).toHaveTextContent('app.py');
    expect(text).toHaveTextContent('file:///repo/app.py');
    const panel = document.getElementById(text.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('hidden', 'until-found');
    expect(panel).toHaveTextContent('print("hi")');
    await user.click(text);
    expect(text).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveAttribute('hidden');
    expect(within(panel).getByText('Python')).toBeInTheDocument();
    await user.click(blob);
    expect(container).toHaveTextContent('Binary content, application/octet-stream, 6 bytes: not shown');
  });

  it('keeps unsupported blocks visible with their raw JSON', async () => {
    const user = userEvent.setup();
    render(<Message item={agent([{ type: 'hologram', unsupported: true, raw: { type: 'hologram', beam: '<script>' } }])} />);
    const trigger = screen.getByRole('button', { name: /Unsupported content \(hologram\)/ });
    await user.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent('"beam": "<script>"');
    expect(panel.querySelector('script')).toBeNull();
  });

  it('hides blocks whose audience excludes the user', () => {
    render(
      <Message
        item={agent([
          { type: 'text', text: 'for you ' },
          { type: 'text', text: 'secret context', annotations: { audience: ['assistant'] } },
          { type: 'text', text: 'and more', annotations: { audience: ['user', 'assistant'] } },
        ])}
      />,
    );
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('for you and more');
    expect(article).not.toHaveTextContent('secret context');
  });

  it('copies the message text and reports it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const onCopy = vi.fn();
    render(<Message item={agent([{ type: 'text', text: 'Copy **me**' }])} onCopy={onCopy} />);
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('Copy **me**');
    expect(onCopy).toHaveBeenCalledWith('Copy **me**');
  });

  it('shows a pending indicator while streaming with no text, and no copy action', () => {
    const { rerender } = render(<Message item={agent([])} streaming />);
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Agent is responding…')).toBeInTheDocument();
    rerender(<Message item={agent([{ type: 'text', text: 'Par' }])} streaming />);
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull();
    rerender(<Message item={agent([])} />);
    expect(screen.getByText('Empty message')).toBeInTheDocument();
  });
});
