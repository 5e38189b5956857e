/** A permission prompt shows exactly what is approved before the user decides: the tool's name, the diff of an edit, the raw input otherwise. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PermissionPrompt } from '../../src/components/PermissionPrompt/index.js';
import type { PermissionRequestState } from '../../src/core/types.js';
import { gitPatch } from '../../demo-agent/diff-writer.mjs';

const base = (toolCall: PermissionRequestState['toolCall']): PermissionRequestState => ({
  requestId: 'p1',
  sessionId: 's1',
  toolCall,
  options: [{ optionId: 'once', name: 'Allow once', kind: 'allow_once' }],
  status: 'pending',
  optionId: null,
  byPolicy: false,
  createdAt: 0,
});

describe('PermissionPrompt: what is approved', () => {
  it('shows the edit as a diff, with the tool’s name, before the user decides', async () => {
    const toolCall = {
      toolCallId: 'c1',
      title: 'Edit greeting.ts',
      kind: 'edit' as const,
      name: 'write_file',
      content: [{ type: 'diff' as const, path: '/repo/greeting.ts', oldText: 'hello\n', newText: 'hello, world\n' }],
    };
    const { container } = render(<PermissionPrompt request={base(toolCall)} onRespond={() => {}} />);
    await screen.findByRole('button', { name: /Allow once/ });
    expect(screen.getByText('write_file')).toBeInTheDocument();
    await screen.findByText('hello, world');
    expect(container.querySelector('[data-slot="permission-detail"] [data-slot="diff"]')).not.toBeNull();
    expect(container.querySelector('[data-slot="permission-input"]')).toBeNull();
  });

  it('shows an ACP v2 edit (its git patch) as a diff card per file, and not its raw input', async () => {
    const toolCall = {
      toolCallId: 'c5',
      title: 'Edit greeting.ts',
      kind: 'edit' as const,
      rawInput: { path: '/repo/greeting.ts' },
      content: [
        {
          type: 'diff' as const,
          changes: [{ operation: 'modify', path: '/repo/greeting.ts' }],
          patch: { format: 'git_patch', text: gitPatch([{ path: '/repo/greeting.ts', oldText: 'hello\n', newText: 'hello, world\n' }]) },
        },
      ],
    } as unknown as PermissionRequestState['toolCall'];
    const { container } = render(<PermissionPrompt request={base(toolCall)} onRespond={() => {}} />);
    await screen.findByRole('button', { name: /Allow once/ });
    await screen.findByText('hello, world');
    expect(container.querySelectorAll('[data-slot="permission-detail"] [data-slot="diff"]')).toHaveLength(1);
    expect(container.querySelector('[data-slot="permission-input"]')).toBeNull();
  });

  it('names the tool that is approved even when it sends nothing else, untranslated', async () => {
    const toolCall = { toolCallId: 'c4', title: 'Look around', kind: 'other' as const, name: 'mcp__github__list_issues' };
    const { container } = render(<PermissionPrompt request={base(toolCall)} onRespond={() => {}} />);
    await screen.findByRole('button', { name: /Allow once/ });
    const line = container.querySelector('[data-slot="permission-tool-name"]')!;
    expect(line).toHaveTextContent('Tool: mcp__github__list_issues');
    expect(line.querySelector('code')).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('group', { name: /Permission needed/ })).toContainElement(line as HTMLElement);
  });

  it('shows the raw input of a tool that is neither a command nor an edit', async () => {
    const toolCall = { toolCallId: 'c2', title: 'Fetch a page', kind: 'fetch' as const, rawInput: { url: 'https://example.com', method: 'POST' } };
    render(<PermissionPrompt request={base(toolCall)} onRespond={() => {}} />);
    await screen.findByRole('button', { name: /Allow once/ });
    const input = screen.getByRole('region', { name: 'What the tool is given' });
    expect(JSON.parse(input.textContent!)).toEqual({ url: 'https://example.com', method: 'POST' });
  });

  it('shows the command of an execute tool call and not its raw input again', async () => {
    const toolCall = { toolCallId: 'c3', title: 'Run tests', kind: 'execute' as const, rawInput: { command: 'npm test' } };
    const { container } = render(<PermissionPrompt request={base(toolCall)} onRespond={() => {}} />);
    await screen.findByRole('button', { name: /Allow once/ });
    expect(container.querySelector('[data-slot="permission-command"]')).toHaveTextContent('npm test');
    expect(container.querySelector('[data-slot="permission-input"]')).toBeNull();
  });
});
