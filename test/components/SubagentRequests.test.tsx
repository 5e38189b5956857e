/**
 * A child session's requests (UNSTABLE subagents) in its parent's thread: the permission prompt and
 * the elicitation form say which child agent asked (its title, or a generic label without one),
 * in their accessible name too, and never sit in a parent's card that merely shares the tool call
 * id. The session is built with the real parse/reduce functions from what an agent sends.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AcpUiProvider } from '../../src/index.js';
import { ElicitationForm } from '../../src/components/ElicitationForm/index.js';
import { PermissionPrompt, PermissionQueue } from '../../src/components/PermissionPrompt/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import type { ElicitationState, PermissionRequestState, SessionState } from '../../src/core/types.js';
import { announceChild } from '../helpers/threads.js';

const CHILD = 'child-1';

const announce = (session: SessionState, fields: Record<string, unknown>) => announceChild(session, CHILD, fields);

/** A parent whose own thread has a tool call `edit`, with a child announced with `fields`. */
function parent(fields: Record<string, unknown> = { title: 'Explorer' }): SessionState {
  const own = applySessionUpdate(createSessionState('parent'), { sessionUpdate: 'tool_call', toolCallId: 'edit', title: 'Edit README.md', kind: 'edit' }, 1000);
  return announce(own, fields);
}

function permission(extra: Partial<PermissionRequestState> = {}): PermissionRequestState {
  return {
    requestId: 'p1',
    sessionId: 'parent',
    subagentSessionId: CHILD,
    toolCall: { toolCallId: 'edit', title: 'Edit greeting.ts', kind: 'edit' },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    status: 'pending',
    optionId: null,
    byPolicy: false,
    createdAt: 2000,
    ...extra,
  };
}

function elicitation(extra: Partial<ElicitationState> = {}): ElicitationState {
  return {
    requestId: 'e1',
    mode: 'form',
    message: 'Which branch?',
    sessionId: 'parent',
    subagentSessionId: CHILD,
    toolCallId: null,
    scopeRequestId: null,
    requestedSchema: { type: 'object', properties: { branch: { type: 'string', title: 'Branch' } } },
    url: null,
    elicitationId: null,
    status: 'pending',
    response: null,
    createdAt: 2000,
    ...extra,
  };
}

describe('a child’s requests in its parent’s thread', () => {
  it('the permission prompt names the child that asked, stands on its own (not in the parent’s card with the same id) and is answered', async () => {
    const onRespond = vi.fn();
    render(<Thread session={parent()} permissionRequests={[permission()]} onRespondPermission={onRespond} />);
    const prompt = await screen.findByRole('group', { name: 'Permission needed: Edit greeting.ts Asked by the sub-agent “Explorer”' });
    expect(within(prompt).getByText('Asked by the sub-agent “Explorer”').getAttribute('data-slot')).toBe('permission-subagent');
    // The parent's own tool call card with the same id holds no prompt.
    const card = document.querySelector('[data-slot="tool-call"]')!;
    expect(card.textContent).toContain('Edit README.md');
    expect(card.contains(prompt)).toBe(false);

    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Allow' }));
    expect(onRespond).toHaveBeenCalledWith('p1', 'allow');
  });

  it('a child without a title is named with the generic label; the session’s own request names no child', async () => {
    render(
      <Thread
        session={parent({ description: 'Find the greeting' })}
        permissionRequests={[permission(), permission({ requestId: 'p2', subagentSessionId: null, toolCall: { toolCallId: 'edit', title: 'Edit README.md' } })]}
      />,
    );
    expect(await screen.findByRole('group', { name: 'Permission needed: Edit greeting.ts Asked by a sub-agent' })).toBeTruthy();
    // The parent's own request sits in its card, with no child named.
    const card = document.querySelector('[data-slot="tool-call"]')!;
    const own = await within(card as HTMLElement).findByRole('group', { name: 'Permission needed: Edit README.md' });
    expect(own.querySelector('[data-slot="permission-subagent"]')).toBeNull();
  });

  it('the elicitation form names the child that asked, in its heading’s accessible name too', async () => {
    const onRespond = vi.fn();
    render(<Thread session={parent()} elicitations={[elicitation()]} onRespondElicitation={onRespond} />);
    const form = await screen.findByRole('region', { name: 'The agent needs some information Asked by the sub-agent “Explorer”' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: 'Branch' }), 'main');
    await user.click(within(form).getByRole('button', { name: 'Accept' }));
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { branch: 'main' } });
  });

  it('the thread’s live region announces a child’s new request with the child that asked', async () => {
    const { container, rerender } = render(<Thread session={parent()} permissionRequests={[]} />);
    await screen.findByText('Edit README.md');
    rerender(<Thread session={parent()} permissionRequests={[permission()]} />);
    const announcer = container.querySelector<HTMLElement>('[data-slot="thread-announcer"]')!;
    expect(announcer.textContent).toBe('The agent asks for permission: Edit greeting.ts. Asked by the sub-agent “Explorer”');
  });

  it('follows the child’s title when the agent renames it', async () => {
    const { rerender } = render(<Thread session={parent()} permissionRequests={[permission()]} />);
    await screen.findByText('Asked by the sub-agent “Explorer”');
    rerender(<Thread session={announce(parent(), { title: 'Test writer' })} permissionRequests={[permission()]} />);
    expect(await screen.findByText('Asked by the sub-agent “Test writer”')).toBeTruthy();
    expect(screen.queryByText('Asked by the sub-agent “Explorer”')).toBeNull();
  });
});

describe('outside a thread', () => {
  it('PermissionPrompt and ElicitationForm take the session’s children as `subagents`; the strings are the `subagents` namespace’s', async () => {
    const { subagents } = parent({ title: 'Explorer' });
    render(
      <AcpUiProvider messages={{ subagents: { asked_by: 'Von {title}', asked_by_untitled: 'Von einem Unteragenten' } }}>
        <PermissionPrompt request={permission()} onRespond={() => {}} subagents={subagents} />
        <ElicitationForm elicitation={elicitation({ subagentSessionId: 'unknown-child' })} onRespond={() => {}} subagents={subagents} />
      </AcpUiProvider>,
    );
    expect(await screen.findByRole('group', { name: 'Permission needed: Edit greeting.ts Von Explorer' })).toBeTruthy();
    // A child the host did not pass (or not known yet): the generic label.
    expect(await screen.findByRole('region', { name: 'The agent needs some information Von einem Unteragenten' })).toBeTruthy();
  });

  it('the queue names the sub-agent of a waiting request too, not only the active one', async () => {
    const session = parent();
    const own = permission({ requestId: 'own', subagentSessionId: null, toolCall: { toolCallId: 'a', title: 'Run npm test', kind: 'execute' } });
    const child = permission({ requestId: 'child', toolCall: { toolCallId: 'b', title: 'Write test/a.test.ts', kind: 'edit' } });
    render(<PermissionQueue requests={[own, child]} onRespond={() => {}} subagents={session.subagents} />);
    const waiting = await screen.findByRole('list', { name: 'Waiting' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('Write test/a.test.ts — Asked by the sub-agent “Explorer”');
  });
});
