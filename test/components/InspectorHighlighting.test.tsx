/**
 * The protocol inspector says where this page highlights code (highlight/mode.ts): nothing before
 * the first block, then, in jsdom, which has no Worker, the main thread and why.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';

describe('ProtocolInspector: highlighting mode', () => {
  it('shows that nothing was highlighted yet, then that code is highlighted on the main thread, and why', async () => {
    // A fresh highlighter: the mode is page state, and other tests of this file's run may have set it.
    vi.resetModules();
    const { ProtocolInspector } = await import('../../src/components/Inspector/index.js');
    const { CodeBlock } = await import('../../src/components/CodeBlock/index.js');
    const { rerender, container } = render(<ProtocolInspector entries={[]} />);
    const line = await screen.findByText('Highlighting: not started (no code shown yet)');
    expect(line).toHaveAttribute('data-mode', 'idle');

    rerender(
      <>
        <ProtocolInspector entries={[]} />
        <CodeBlock code={'const a = 1;'} language="ts" />
      </>,
    );
    expect(await screen.findByText('Highlighting: on the main thread (no Worker here)')).toHaveAttribute('data-mode', 'main-thread');
    // And the block is highlighted there.
    await vi.waitFor(() => expect(container.querySelector('[data-slot="code-block"]')).toHaveAttribute('data-state', 'highlighted'), { timeout: 10_000 });
  });
});
