/**
 * The public types a host writes against, checked by the compiler (`npm run typecheck` includes
 * test/): the main hooks' parameters and results, the main components' props and refs, and
 * internals staying out of the entry. A change here is a breaking change for hosts; make it on
 * purpose, with api/ (npm run api:update) and the CHANGELOG.
 */
import type { ComponentProps, ComponentPropsWithRef, Ref } from 'react';
import { describe, expectTypeOf, test } from 'vitest';
import {
  AcpProvider,
  AgentPanel,
  PromptInput,
  Thread,
  useAcp,
  useAcpActions,
  useAcpSelector,
  useConnection,
  usePermissionRequests,
  usePromptComposer,
  useSession,
  useThreadItems,
  type AcpActions,
  type AcpClient,
  type AcpClientOptions,
  type AcpProviderProps,
  type AcpSnapshot,
  type AgentPanelProps,
  type ContentBlock,
  type MentionRef,
  type PermissionRequestState,
  type PromptInputProps,
  type SessionState,
  type ThreadItem,
  type ThreadProps,
  type UseAcpResult,
} from 'acp-react';
import { createAcpClient } from 'acp-react/core';

describe('hooks', () => {
  test('useAcp: the snapshot, every action and the client', () => {
    expectTypeOf(useAcp).parameters.toEqualTypeOf<[]>();
    expectTypeOf(useAcp).returns.toEqualTypeOf<UseAcpResult>();
    expectTypeOf<UseAcpResult>().toExtend<AcpSnapshot>();
    expectTypeOf<UseAcpResult>().toExtend<AcpActions>();
    expectTypeOf<UseAcpResult['client']>().toEqualTypeOf<AcpClient>();
    expectTypeOf<UseAcpResult['sessions']>().toEqualTypeOf<Readonly<Record<string, SessionState>>>();
  });

  test('useAcpActions: the actions and the client, no snapshot (it never re-renders on a chunk)', () => {
    expectTypeOf(useAcpActions).returns.toExtend<AcpActions & { client: AcpClient }>();
    expectTypeOf(useAcpActions).returns.not.toHaveProperty('sessions');
    expectTypeOf(useAcpActions).returns.not.toHaveProperty('status');
    expectTypeOf<AcpActions['newSession']>().toBeFunction();
    expectTypeOf<AcpActions['prompt']>().toBeFunction();
    expectTypeOf<AcpActions['cancel']>().toBeFunction();
  });

  test('useAcpSelector: the selector decides the result type', () => {
    expectTypeOf(useAcpSelector<number>).parameters.toEqualTypeOf<[(snapshot: AcpSnapshot) => number, ((a: number, b: number) => boolean)?]>();
    expectTypeOf(useAcpSelector<AcpSnapshot['status']>).returns.toEqualTypeOf<AcpSnapshot['status']>();
  });

  test('the narrow hooks', () => {
    expectTypeOf(useSession).parameters.toEqualTypeOf<[sessionId: string | null | undefined]>();
    expectTypeOf(useSession).returns.toEqualTypeOf<SessionState | undefined>();
    expectTypeOf(useThreadItems).parameters.toEqualTypeOf<[sessionId: string | null | undefined]>();
    expectTypeOf(useThreadItems).returns.toEqualTypeOf<readonly ThreadItem[]>();
    expectTypeOf(usePermissionRequests).parameters.toEqualTypeOf<[sessionId?: string]>();
    expectTypeOf(usePermissionRequests).returns.toEqualTypeOf<PermissionRequestState[]>();
    expectTypeOf(useConnection).returns.toHaveProperty('status').toEqualTypeOf<AcpSnapshot['status']>();
    expectTypeOf(usePromptComposer).returns.toEqualTypeOf<{ mention: (mention: MentionRef) => void }>();
  });
});

describe('AcpProvider', () => {
  test('takes a client or the options to make one', () => {
    expectTypeOf<AcpProviderProps['client']>().toEqualTypeOf<AcpClient | undefined>();
    expectTypeOf<AcpProviderProps['options']>().toEqualTypeOf<AcpClientOptions | undefined>();
    expectTypeOf(createAcpClient).returns.toEqualTypeOf<AcpClient>();
    expectTypeOf(AcpProvider).parameter(0).toEqualTypeOf<AcpProviderProps>();
  });
});

describe('component props', () => {
  test('AgentPanel: cwd required, the section element’s props, a ref to it', () => {
    expectTypeOf<ComponentProps<typeof AgentPanel>>().toExtend<AgentPanelProps>();
    expectTypeOf<AgentPanelProps['cwd']>().toEqualTypeOf<string>();
    expectTypeOf<{ className: string }>().not.toExtend<AgentPanelProps>();
    expectTypeOf<{ cwd: string; className: string; 'aria-label': string }>().toExtend<AgentPanelProps>();
    expectTypeOf<ComponentPropsWithRef<typeof AgentPanel>['ref']>().toEqualTypeOf<Ref<HTMLElement> | undefined>();
  });

  test('Thread: a session, callbacks out, the rest goes to its div', () => {
    expectTypeOf<ThreadProps['session']>().toEqualTypeOf<SessionState>();
    expectTypeOf<ThreadProps['onRespondPermission']>().toEqualTypeOf<((requestId: string, optionId: string) => void) | undefined>();
    expectTypeOf<{ session: SessionState; id: string; onKeyDown: () => void }>().toExtend<ThreadProps>();
    expectTypeOf<ComponentProps<typeof Thread>>().toExtend<ThreadProps>();
    expectTypeOf<ComponentPropsWithRef<typeof Thread>['ref']>().toEqualTypeOf<Ref<HTMLDivElement> | undefined>();
  });

  test('PromptInput: submits content blocks, cancels, knows whether a turn runs', () => {
    expectTypeOf<PromptInputProps['onSubmit']>().toEqualTypeOf<(blocks: ContentBlock[]) => void>();
    expectTypeOf<PromptInputProps['onCancel']>().toEqualTypeOf<() => void>();
    expectTypeOf<PromptInputProps['running']>().toEqualTypeOf<boolean>();
    expectTypeOf<PromptInputProps['value']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<{ onCancel: () => void; running: boolean }>().not.toExtend<PromptInputProps>();
    expectTypeOf<ComponentProps<typeof PromptInput>>().toExtend<PromptInputProps>();
  });
});

describe('internals stay out of the entry', () => {
  test('helpers the components use inside are not exported', async () => {
    // @ts-expect-error: the markdown splitter is the Markdown component's own
    const { splitBlocks } = await import('acp-react');
    // @ts-expect-error: the prompt queue's reducer is PromptInput's own
    const { promptQueueReducer } = await import('acp-react');
    // @ts-expect-error: the provider's context carries its internals (the client: useAcpActions)
    const { useAcpContext } = await import('acp-react');
    expectTypeOf([splitBlocks, promptQueueReducer, useAcpContext]).toBeArray();
  });
});
