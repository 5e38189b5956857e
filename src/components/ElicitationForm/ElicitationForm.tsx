/**
 * The public `ElicitationForm`: the form and its field controls (the largest component family)
 * are fetched the first time a request is shown, or earlier through `preloadComponents()`.
 * Until then the card shows what the agent asked, so the user can already read it.
 */
import { forwardRef, useId } from 'react';
import { cx, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import type { ElicitationFormProps } from './ElicitationFormLoaded.js';
import { elicitationMessages } from './messages.js';
import { elicitationHeading, elicitationView } from './view.js';

export const elicitationFormModule = /* @__PURE__ */ lazyModule(() => import('./ElicitationFormLoaded.js').then((m) => m.ElicitationFormLoaded));

export const ElicitationFallback = /* @__PURE__ */ forwardRef<HTMLElement, ElicitationFormProps & { state: OnDemandState }>(function ElicitationFallback(
  { elicitation, className, state, onRespond: _onRespond, onDismiss: _onDismiss, subagents: _subagents, ...rest },
  ref,
) {
  const messages = useMessages('elicitation', elicitationMessages);
  const titleId = useId();
  const view = elicitationView(elicitation, null, null);
  return (
    <section
      className={cx('acp-elicitation', className)}
      data-status={view}
      data-mode={elicitation.mode}
      data-slot="elicitation-fallback"
      aria-labelledby={titleId}
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref}
    >
      <div id={titleId} className="acp-elicitation__title" data-slot="elicitation-title">
        {elicitationHeading(view, elicitation.mode, messages)}
      </div>
      {elicitation.message && (
        <p className="acp-elicitation__message" data-slot="elicitation-message">
          {elicitation.message}
        </p>
      )}
      <OnDemandStatus state={state} />
    </section>
  );
});

export const ElicitationForm = /* @__PURE__ */ onDemandComponent('ElicitationForm', elicitationFormModule, (loaded) => loaded, ElicitationFallback);
