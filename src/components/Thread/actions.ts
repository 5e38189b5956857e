import { useCallback, useMemo, useRef } from 'react';
import type { MentionRef } from '../../core/mentions/types.js';
import type { CreateElicitationResponse } from '../../core/types.js';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect.js';

/**
 * The callbacks every item needs, in one object whose identity never changes while the host's
 * handlers do (hosts often pass inline arrows). Items are memoized on their props; a new arrow
 * per host render would otherwise re-render every item on every streaming chunk.
 */
export interface ThreadActions {
  respondPermission: (requestId: string, optionId: string) => void;
  respondElicitation: (requestId: string, response: CreateElicitationResponse) => void;
  /** Undefined when the host gave no handler: locations are then plain labels, not buttons. */
  openLocation: ((path: string, line?: number) => void) | undefined;
  dismissNotice: (itemId: string) => void;
  /** Undefined when the host gave no handler: mention chips are then labels, not buttons. */
  openMention: ((mention: MentionRef) => void) | undefined;
}

interface Handlers {
  onRespondPermission?: (requestId: string, optionId: string) => void;
  onRespondElicitation?: (requestId: string, response: CreateElicitationResponse) => void;
  onOpenLocation?: (path: string, line?: number) => void;
  onMentionOpen?: (mention: MentionRef) => void;
  onDismissNotice: (itemId: string) => void;
}

export function useThreadActions(handlers: Handlers): ThreadActions {
  const latest = useRef(handlers);
  // Before any child effect or event can call through it.
  useIsomorphicLayoutEffect(() => {
    latest.current = handlers;
  });
  const respondPermission = useCallback((requestId: string, optionId: string) => {
    latest.current.onRespondPermission?.(requestId, optionId);
  }, []);
  const respondElicitation = useCallback((requestId: string, response: CreateElicitationResponse) => {
    latest.current.onRespondElicitation?.(requestId, response);
  }, []);
  const openLocation = useCallback((path: string, line?: number) => {
    latest.current.onOpenLocation?.(path, line);
  }, []);
  const dismissNotice = useCallback((itemId: string) => latest.current.onDismissNotice(itemId), []);
  const openMention = useCallback((mention: MentionRef) => latest.current.onMentionOpen?.(mention), []);
  const canOpen = handlers.onOpenLocation !== undefined;
  const canOpenMention = handlers.onMentionOpen !== undefined;
  return useMemo(
    () => ({
      respondPermission,
      respondElicitation,
      openLocation: canOpen ? openLocation : undefined,
      dismissNotice,
      openMention: canOpenMention ? openMention : undefined,
    }),
    [respondPermission, respondElicitation, openLocation, dismissNotice, canOpen, openMention, canOpenMention],
  );
}
