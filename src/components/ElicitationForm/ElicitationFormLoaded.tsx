/**
 * An agent's `elicitation/create` request: a form (restricted JSON Schema) or a URL to open.
 *
 * Presentational: the answer goes out through `onRespond`; the host sends it. The card shows the
 * agent's message and, once answered, a read-only summary.
 */
import { forwardRef, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { CreateElicitationResponse, ElicitationState } from '../../core/types.js';
import { useAskedBy, type Subagents } from '../shared/asked-by.js';
import { cx, format, useMessages } from '../shared/index.js';
import { FormMode } from './FormMode.js';
import { elicitationMessages, type ElicitationMessages } from './messages.js';
import { buildFormModel } from './schema.js';
import { SubmittedValues } from './SubmittedValues.js';
import { UrlMode } from './UrlMode.js';
import { elicitationHeading, elicitationView, type ElicitationView } from './view.js';
import { activeElementNear } from '../shared/root-node.js';
import { composeHandlers, useComposedRefs, type RootProps } from '../shared/root-props.js';

/** @inline */
export interface ElicitationFormOwnProps {
  elicitation: ElicitationState;
  /** The user's answer; called at most once per request. */
  onRespond: (requestId: string, response: CreateElicitationResponse) => void;
  /**
   * URL mode, after the user opened the page: they pressed Done (`done`) or stopped waiting for
   * `elicitation/complete` (`cancel`). The response was already sent; the host may hide the card.
   */
  onDismiss?: (requestId: string, reason: 'done' | 'cancel') => void;
  /**
   * Sub-agents: the session's child agents (`session.subagents`). A child's request
   * (`elicitation.subagentSessionId`) says which one asked, by its title (a generic label without one).
   */
  subagents?: Subagents;
  className?: string;
}

/** The form's own props and the rest of its root `<section>`'s. */
export type ElicitationFormProps = RootProps<ElicitationFormOwnProps, 'section'>;

export const ElicitationFormLoaded = /* @__PURE__ */ forwardRef<HTMLElement, ElicitationFormProps>(function ElicitationFormLoaded(props, ref) {
  // Keyed by request so a new request never inherits the previous one's local state.
  return <ElicitationCard key={props.elicitation.requestId} {...props} forwardedRef={ref} />;
});

function ElicitationCard({
  elicitation,
  onRespond,
  onDismiss,
  subagents,
  className,
  onKeyDown: hostOnKeyDown,
  forwardedRef,
  ...rest
}: ElicitationFormProps & { forwardedRef: Ref<HTMLElement> }) {
  const messages = useMessages('elicitation', elicitationMessages);
  const titleId = useId();
  const [sent, setSent] = useState<CreateElicitationResponse | null>(null);
  const [waitingEnded, setWaitingEnded] = useState<'done' | 'stopped' | null>(null);
  const sentRef = useRef(false);
  const rootRef = useRef<HTMLElement>(null);
  const composedRef = useComposedRefs(rootRef, forwardedRef);
  const refocus = useRef(false);
  const model = useMemo(() => buildFormModel(elicitation.requestedSchema), [elicitation.requestedSchema]);
  const view = elicitationView(elicitation, sent, waitingEnded);
  const { requestId } = elicitation;

  const respond = useCallback(
    (response: CreateElicitationResponse) => {
      // One answer per request, even if two clicks land before the re-render disables the buttons.
      if (sentRef.current) return;
      sentRef.current = true;
      // The buttons are about to disappear; keep keyboard focus in the card rather than on <body>.
      refocus.current = rootRef.current?.contains(activeElementNear(rootRef.current)) ?? false;
      setSent(response);
      onRespond(requestId, response);
    },
    [onRespond, requestId],
  );

  useEffect(() => {
    if (refocus.current && view !== 'pending') {
      refocus.current = false;
      rootRef.current?.focus();
    }
  }, [view]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || view !== 'pending' || event.defaultPrevented) return;
    event.preventDefault();
    respond({ action: 'cancel' });
  };

  const heading = elicitationHeading(view, elicitation.mode, messages);
  const asker = useAskedBy(elicitation.subagentSessionId, subagents);
  const response = elicitation.response ?? sent;
  const content = response && response.action === 'accept' && isContent(response.content) ? response.content : null;

  return (
    <section
      tabIndex={-1}
      data-slot="elicitation"
      data-status={view}
      data-mode={elicitation.mode}
      aria-labelledby={asker ? `${titleId} ${titleId}-asker` : titleId}
      {...rest}
      ref={composedRef}
      className={cx('acp-elicitation', className)}
      onKeyDown={composeHandlers(hostOnKeyDown, onKeyDown)}
    >
      <div id={titleId} className="acp-elicitation__title" data-slot="elicitation-title">
        {heading}
      </div>
      {asker && (
        <p id={`${titleId}-asker`} className="acp-elicitation__hint" data-slot="elicitation-subagent">
          {asker}
        </p>
      )}
      {elicitation.message && (
        <p className="acp-elicitation__message" data-slot="elicitation-message">
          {elicitation.message}
        </p>
      )}
      {elicitation.mode === 'form' && view === 'pending' && (model.title || model.description) && (
        <div className="acp-elicitation__schema" data-slot="elicitation-schema">
          {model.title && <div className="acp-elicitation__schema-title">{model.title}</div>}
          {model.description && <p className="acp-elicitation__schema-description">{model.description}</p>}
        </div>
      )}
      {view === 'pending' && elicitation.mode === 'form' && <FormMode model={model} onRespond={respond} messages={messages} />}
      {(view === 'pending' || view === 'waiting') && elicitation.mode === 'url' && (
        <UrlMode
          url={elicitation.url ?? ''}
          phase={view === 'pending' ? 'consent' : 'waiting'}
          onRespond={respond}
          onDone={() => {
            setWaitingEnded('done');
            onDismiss?.(requestId, 'done');
          }}
          onStopWaiting={() => {
            setWaitingEnded('stopped');
            onDismiss?.(requestId, 'cancel');
          }}
          messages={messages}
        />
      )}
      <StatusLine view={view} mode={elicitation.mode} messages={messages} />
      {view === 'accepted' && content && <SubmittedValues fields={model.fields} content={content} messages={messages} />}
    </section>
  );
}

function StatusLine({ view, mode, messages }: { view: ElicitationView; mode: string; messages: ElicitationMessages }) {
  const text: Partial<Record<ElicitationView, string>> = {
    accepted: mode === 'url' ? messages.status_url_accepted : messages.status_accepted,
    declined: messages.status_declined,
    cancelled: messages.status_cancelled,
    interrupted: messages.status_interrupted,
    completed: messages.status_completed,
    done: messages.status_marked_done,
    stopped: messages.status_stopped_waiting,
    unsupported_mode: format(messages.unknown_mode, { mode }),
  };
  const line = text[view];
  if (!line) return null;
  return (
    <p className="acp-elicitation__status" data-slot="elicitation-status" role="status">
      {line}
    </p>
  );
}

function isContent(value: unknown): value is Record<string, string | number | boolean | string[]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
