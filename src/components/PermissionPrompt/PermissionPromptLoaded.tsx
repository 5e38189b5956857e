/**
 * An agent's `session/request_permission`: the options in the agent's order, answered once.
 *
 * This is a security boundary (guide §9.4, DESIGN §4): focus goes to the prompt itself, never to
 * an allow button, so a stray Enter approves nothing; digit shortcuts work only while focus is
 * inside the prompt and only after a pause in typing.
 */
import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { PermissionRequestState } from '../../core/types.js';
import { useAskedBy, type Subagents } from '../shared/asked-by.js';
import { cx, format, useMessages } from '../shared/index.js';
import { composeHandlers, useComposedRefs, type RootProps } from '../shared/root-props.js';
import { claimFocus, releaseFocus, type FocusClaim } from './focus-claim.js';
import { permissionMessages } from './messages.js';
import { optionStyle } from './option-style.js';
import { PermissionHeader } from './PermissionHeader.js';
import { PermissionPlaceholder } from './PermissionPlaceholder.js';
import { isDeliberate, optionIndexForKey, shortcutKey } from './shortcuts.js';
import { ToolCallDetail } from './ToolCallDetail.js';
import { ToolCallSummary } from './ToolCallSummary.js';
import { toolCallInfo } from './tool-call-info.js';
import { useMountInSlices } from '../shared/use-mount-in-slices.js';

/** @inline */
export interface PermissionPromptOwnProps {
  request: PermissionRequestState;
  /** The chosen option; called at most once per request. */
  onRespond: (requestId: string, optionId: string) => void;
  /** Extra detail about what is being approved, e.g. a diff or terminal preview. */
  details?: ReactNode;
  /**
   * Show the tool call's title, kind, command and files (default true). Turn it off when the
   * prompt sits inside a tool call card that already shows them.
   */
  showToolCall?: boolean;
  /** Move focus to the prompt when it appears (default true). */
  autoFocus?: boolean;
  /** Quiet time, in ms, before a digit counts as a deliberate shortcut (default 400). */
  shortcutGuardMs?: number;
  /**
   * Sub-agents: the session's child agents (`session.subagents`). A child's request
   * (`request.subagentSessionId`) says which one asked, by its title (a generic label without one).
   */
  subagents?: Subagents;
  className?: string;
}

/** The permission prompt's own props and the rest of its root `<div>`'s. */
export type PermissionPromptProps = RootProps<PermissionPromptOwnProps>;

export const PermissionPromptLoaded = /* @__PURE__ */ forwardRef<HTMLDivElement, PermissionPromptProps>(function PermissionPromptLoaded(props, ref) {
  // Keyed by request so a new request never inherits the previous one's local answer.
  return <PromptInSlices key={props.request.requestId} {...props} forwardedRef={ref} />;
});

/**
 * An agent may ask a hundred permissions at once: prompts mount in slices (see
 * use-mount-in-slices.ts), each showing its title in a frame of its size until its turn.
 */
function PromptInSlices(props: PermissionPromptProps & { forwardedRef: Ref<HTMLDivElement> }) {
  const mounted = useMountInSlices();
  if (mounted) return <Prompt {...props} />;
  return <PermissionPlaceholder request={props.request} className={props.className} forwardedRef={props.forwardedRef} />;
}

function Prompt({
  request,
  onRespond,
  details,
  showToolCall = true,
  autoFocus = true,
  shortcutGuardMs = 400,
  subagents,
  className,
  onKeyDown: hostOnKeyDown,
  forwardedRef,
  ...rest
}: PermissionPromptProps & { forwardedRef: Ref<HTMLDivElement> }) {
  const messages = useMessages('permission', permissionMessages);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const composedRef = useComposedRefs(rootRef, forwardedRef);
  const answeredRef = useRef(false);
  // When the last printable key was typed; starts at mount (set in the effect below, since render
  // must not read the clock), so keys typed just as the prompt appears are not taken as answers.
  const lastKeyAt = useRef(0);
  const [localChoice, setLocalChoice] = useState<string | null>(null);

  const status = request.status === 'pending' && localChoice !== null ? 'answered' : request.status;
  const pending = status === 'pending';
  const chosenId = request.optionId ?? localChoice;
  const chosen = request.options.find((o) => o.optionId === chosenId) ?? null;
  const info = toolCallInfo(request.toolCall);
  const asker = useAskedBy(request.subagentSessionId, subagents);

  // While it waits, the prompt holds a claim on focus (see focus-claim.ts); the claim is let go
  // when it is answered, settled elsewhere or unmounted.
  const claim = useRef<FocusClaim | null>(null);
  useEffect(() => {
    lastKeyAt.current = Date.now();
    const element = rootRef.current;
    if (!autoFocus || request.status !== 'pending' || !element) return;
    const own: FocusClaim = { element, onHandOver: () => (lastKeyAt.current = Date.now()) };
    claim.current = own;
    claimFocus(own);
    return () => releaseFocus(own);
    // Only when the prompt first appears; later renders must not pull focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only: re-running on a later autoFocus or status change would pull focus back
  }, []);
  useEffect(() => {
    if (status !== 'pending' && claim.current) releaseFocus(claim.current);
  }, [status]);

  const answer = (optionId: string) => {
    if (answeredRef.current || request.status !== 'pending') return;
    answeredRef.current = true;
    setLocalChoice(optionId);
    // The button about to be disabled would drop focus to <body>: focus stays in the prompt, or
    // moves on to the next prompt still waiting.
    rootRef.current?.focus();
    if (claim.current) releaseFocus(claim.current, { handOver: true });
    onRespond(request.requestId, optionId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!pending || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    // Typing inside something editable in the details slot is not a shortcut.
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    // eslint-disable-next-line react-hooks/purity -- the keydown handler reads the clock, not render
    const now = Date.now();
    const deliberate = isDeliberate(now, lastKeyAt.current, shortcutGuardMs);
    if (event.key.length === 1) lastKeyAt.current = now;
    const option = request.options[optionIndexForKey(event, request.options.length)];
    if (!option || !deliberate) return;
    event.preventDefault();
    answer(option.optionId);
  };

  const shortcutCount = Math.min(request.options.length, 9);

  return (
    <div
      role="group"
      tabIndex={-1}
      aria-labelledby={asker ? `${id}-title ${id}-asker` : `${id}-title`}
      aria-describedby={pending && shortcutCount > 0 ? `${id}-hint` : undefined}
      data-slot="permission"
      data-status={status}
      data-by-policy={request.byPolicy ? 'true' : undefined}
      {...rest}
      ref={composedRef}
      className={cx('acp-permission', className)}
      onKeyDown={composeHandlers(hostOnKeyDown, onKeyDown)}
    >
      <PermissionHeader titleId={`${id}-title`} toolTitle={info.title} messages={messages} />
      {asker && (
        <p id={`${id}-asker`} className="acp-permission__hint" data-slot="permission-subagent">
          {asker}
        </p>
      )}

      {showToolCall && <ToolCallSummary info={info} messages={messages} />}
      {showToolCall && request.toolCall && <ToolCallDetail toolCall={request.toolCall} info={info} t={messages} />}
      {details && (
        <div className="acp-permission__details" data-slot="permission-details">
          {details}
        </div>
      )}

      {(status === 'pending' || status === 'answered') && request.options.length > 0 && (
        <div className="acp-permission__options" data-slot="permission-options">
          {request.options.map((option, index) => {
            const style = optionStyle(option.kind);
            const key = shortcutKey(index);
            const isChosen = option.optionId === chosenId;
            return (
              <button
                key={option.optionId}
                type="button"
                className="acp-button acp-permission__option"
                data-slot="permission-option"
                data-kind={option.kind}
                data-tone={style.tone}
                data-remembered={style.remembered ? 'true' : undefined}
                data-chosen={isChosen && !pending ? 'true' : undefined}
                aria-keyshortcuts={pending && key ? key : undefined}
                aria-pressed={!pending ? isChosen : undefined}
                disabled={!pending}
                onClick={() => answer(option.optionId)}
              >
                {pending && key && (
                  <kbd className="acp-permission__key" aria-hidden="true">
                    {key}
                  </kbd>
                )}
                <span>{option.name}</span>
                {style.remembered && (
                  <span className="acp-permission__remembered" data-slot="permission-remembered">
                    {messages.option_remembered}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      {pending && request.options.length === 0 && <p className="acp-permission__status">{messages.no_options}</p>}
      {pending && shortcutCount > 0 && (
        <p id={`${id}-hint`} className="acp-permission__hint" data-slot="permission-hint">
          {shortcutCount === 1 ? format(messages.shortcut_hint_single, { first: 1 }) : format(messages.shortcut_hint, { first: 1, last: shortcutCount })}
        </p>
      )}

      <p className="acp-permission__status" data-slot="permission-status" role="status">
        {status === 'answered' &&
          (chosen
            ? format(request.byPolicy ? messages.status_answered_policy : messages.status_answered, { option: chosen.name })
            : messages.status_answered_unknown)}
        {status === 'cancelled' && messages.status_cancelled}
        {status === 'interrupted' && messages.status_interrupted}
      </p>
    </div>
  );
}
