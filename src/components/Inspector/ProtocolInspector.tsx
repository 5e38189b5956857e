/**
 * The public `ProtocolInspector`: a developer tool, so its filters, virtualized frame list and
 * transcript export are fetched only when an inspector is first shown. Until then it says how
 * many frames there are to look at.
 */
import { forwardRef } from 'react';
import { cx, format, lazyModule, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { inspectorMessages } from './messages.js';
import type { ProtocolInspectorProps } from './ProtocolInspectorLoaded.js';

export const protocolInspectorModule = /* @__PURE__ */ lazyModule(() => import('./ProtocolInspectorLoaded.js').then((m) => m.ProtocolInspectorLoaded));

const InspectorFallback = /* @__PURE__ */ forwardRef<HTMLElement, ProtocolInspectorProps & { state: OnDemandState }>(function InspectorFallback(
  {
    entries,
    paused,
    className,
    state,
    onPausedChange: _onPausedChange,
    onClear: _onClear,
    protocolVersion: _protocolVersion,
    exportFileName: _exportFileName,
    ...rest
  },
  ref,
) {
  const messages = useMessages('inspector', inspectorMessages);
  const total = entries.length;
  return (
    <section
      data-slot="inspector"
      data-state={paused ? 'paused' : 'live'}
      aria-label={messages.title}
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'section'>)}
      ref={ref}
      className={cx('acp-inspector', className)}
    >
      <p className="acp-inspector__count">{total ? format(messages.count, { shown: total, total }) : messages.empty}</p>
      <OnDemandStatus state={state} />
    </section>
  );
});

export const ProtocolInspector = /* @__PURE__ */ onDemandComponent('ProtocolInspector', protocolInspectorModule, (loaded) => loaded, InspectorFallback);
