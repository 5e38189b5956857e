import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Markdown } from '../../src/components/Markdown/index.js';

// Counts every react-markdown render by its source, to see which blocks re-render.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  const Counted = (props: Parameters<typeof actual.default>[0]) => {
    const source = String(props.children ?? '');
    renders.set(source, (renders.get(source) ?? 0) + 1);
    return actual.default(props);
  };
  return { ...actual, default: Counted };
});

beforeEach(() => renders.clear());

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('Markdown safety', () => {
  const hostile = [
    '<script>window.__pwned = 1</script>',
    '',
    '<img src=x onerror="window.__pwned = 2">',
    '',
    '<a href="javascript:alert(1)">html link</a>',
    '',
    '[js](javascript:alert(1)) [vb](vbscript:msgbox(1)) [data](data:text/html,<script>alert(1)</script>)',
    '[file](file:///etc/passwd) [relative](/admin) [JS upper](JAVASCRIPT:alert(1)) [tabbed](java\tscript:alert(1))',
    '',
    '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+) ![js img](javascript:alert(1))',
    '',
    '<iframe src="https://evil.example"></iframe>',
    '',
    '<javascript:alert(1)>',
  ].join('\n');

  it('renders raw HTML as inert text and refuses dangerous URLs', () => {
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector('script, iframe, object, embed, style')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    const hrefs = [...container.querySelectorAll('[href], [src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src'));
    expect(hrefs).toEqual([]);
    // The HTML is shown as the characters the agent wrote.
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned = 2">');
    // Refused links keep their text, without a link.
    expect(screen.getByText('js').closest('a')).toBeNull();
    expect(screen.getByText('vb').closest('a')).toBeNull();
    expect(screen.getByText('data').closest('a')).toBeNull();
    expect(screen.getByText('relative').closest('a')).toBeNull();
    expect(screen.getByText('svg')).toHaveAttribute('data-slot', 'markdown-image-refused');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens safe links in a new tab without opener or referrer', () => {
    render(<Markdown text={'[site](https://example.com/a?b=1) and [mail](mailto:dev@example.com) and https://auto.example'} />);
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:dev@example.com');
    expect(screen.getByRole('link', { name: 'https://auto.example' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('blocks remote images behind a button naming the host, and loads on click', async () => {
    render(<Markdown text={'![chart](https://img.example.com/chart.png)'} />);
    expect(screen.queryByRole('img')).toBeNull();
    const button = screen.getByRole('button', { name: /Load image from img\.example\.com/ });
    await userEvent.click(button);
    const img = screen.getByRole('img', { name: 'chart' });
    expect(img).toHaveAttribute('src', 'https://img.example.com/chart.png');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('loads remote images directly when allowed', () => {
    render(<Markdown text={'![chart](https://img.example.com/chart.png)'} allowRemoteImages />);
    expect(screen.getByRole('img', { name: 'chart' })).toBeInTheDocument();
  });

  it('shows raster data: images inline', () => {
    render(<Markdown text={`![dot](${PNG})`} />);
    expect(screen.getByRole('img', { name: 'dot' })).toHaveAttribute('src', PNG);
  });

  it('wraps tables in a focusable scroll region and renders inline code', () => {
    render(<Markdown text={'Use `npm test`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'} />);
    expect(screen.getByText('npm test').tagName).toBe('CODE');
    const region = screen.getByRole('region', { name: 'Table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('shows task list boxes as named pictures, not form fields', () => {
    const { container } = render(<Markdown text={'- [x] tests\n- [ ] docs\n'} />);
    expect(container.querySelector('input')).toBeNull();
    expect(screen.getByRole('img', { name: 'Done' })).toHaveAttribute('data-state', 'checked');
    expect(screen.getByRole('img', { name: 'Not done' })).toHaveAttribute('data-state', 'unchecked');
  });

  it('renders fenced code (also inside list items) through CodeBlock', () => {
    const { container } = render(<Markdown text={'```py\nprint(1)\n```\n\n- item\n\n  ```sh\n  echo hi\n  ```\n'} />);
    const blocks = container.querySelectorAll('[data-slot="code-block"]');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveTextContent('print(1)');
    expect(within(blocks[0] as HTMLElement).getByText('Python')).toBeInTheDocument();
    expect(blocks[1]).toHaveTextContent('echo hi');
    expect(blocks[1].closest('li')).not.toBeNull();
  });
});

const ANSWER = [
  '## Plan',
  '',
  'I will **refactor** the `parser` and update [the docs](https://example.com/docs).',
  '',
  '1. Split the module',
  '2. Add tests',
  '',
  '| file | change |',
  '|------|--------|',
  '| a.ts | split |',
  '',
  '```ts',
  'export function parse(input: string) {',
  '  return input.split("\\n");',
  '}',
  '```',
  '',
  'Done. ~~Nothing~~ else _remains_.',
  '',
].join('\n');

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = size; i < text.length + size; i += size) out.push(text.slice(0, Math.min(i, text.length)));
  return out;
}

describe('Markdown streaming', () => {
  it('ends with the same DOM as rendering the whole text at once', () => {
    const whole = render(<Markdown text={ANSWER} />);
    const expected = whole.container.innerHTML;
    whole.unmount();

    const streamed = render(<Markdown text="" streaming />);
    for (const text of chunks(ANSWER, 7)) streamed.rerender(<Markdown text={text} streaming />);
    streamed.rerender(<Markdown text={ANSWER} />);
    expect(streamed.container.innerHTML).toBe(expected);
  });

  it('never shows raw emphasis or link markers mid-stream', () => {
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (const text of chunks('Some **bold words** and a [link](https://example.com) here.', 3)) {
      rerender(<Markdown text={text} streaming />);
      expect(container.textContent).not.toMatch(/\*|\[|\]\(/);
    }
  });

  it('renders an unclosed fence at the tail as an open code block', () => {
    const { container } = render(<Markdown text={'Intro\n\n```ts\nconst a = 1;\n\nconst b'} streaming />);
    const block = container.querySelector('[data-slot="code-block"]');
    expect(block).not.toBeNull();
    expect(block).toHaveAttribute('data-streaming');
    expect(block).toHaveTextContent('const a = 1;');
    expect(block).toHaveTextContent('const b');
    expect(container.querySelector('p')).toHaveTextContent('Intro');
    expect(container.textContent).not.toContain('```');
  });

  it('re-renders only the tail block as the text grows', () => {
    const first = '# Title\n\nFirst paragraph.\n\n';
    const { rerender } = render(<Markdown text={`${first}Sec`} streaming />);
    for (const text of ['Second', 'Second para', 'Second paragraph', 'Second paragraph.']) {
      rerender(<Markdown text={`${first}${text}`} streaming />);
    }
    expect(renders.get('# Title\n')).toBe(1);
    expect(renders.get('First paragraph.\n\n')).toBe(1);
    expect(renders.get('Second paragraph.')).toBe(1);
    // One render per chunk for the tail (each a different source).
    expect(renders.get('Sec')).toBe(1);
  });
});
