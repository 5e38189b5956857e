/**
 * The public `UsageMeter`: the ring, the popover and the detailed reading are fetched the first
 * time a meter is shown, with the settings controls (`session-controls.ts`); for the compact
 * toolbar meter, once there is a reading (before it, the meter draws nothing). Until then the
 * percentage is shown as text in its place.
 */
import { forwardRef } from 'react';
import { sessionControlsModule } from '../load-session-controls.js';
import { cx, useLocale, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { ElementRest } from '../shared/root-props.js';
import { formatPercent } from './format.js';
import { usageMeterMessages } from './messages.js';
import { usageLevel, usagePercent } from './usage-level.js';
import type { UsageMeterProps } from './UsageMeterLoaded.js';

const UsageMeterFallback = /* @__PURE__ */ forwardRef<HTMLDivElement, UsageMeterProps & { state: OnDemandState }>(function UsageMeterFallback(
  { usage, variant = 'detailed', className, state, lastTurnUsage: _lastTurnUsage, ...rest },
  ref,
) {
  const messages = useMessages('usageMeter', usageMeterMessages);
  const locale = useLocale();
  // Like the loaded meter: a toolbar ring without usage would only be noise.
  if (!usage && variant === 'compact') return null;
  const percent = usage ? usagePercent(usage.used, usage.size) : null;
  return (
    <div
      className={cx('acp-usage-meter', className)}
      data-variant={variant}
      data-status={usageLevel(percent)}
      data-slot="usage-meter-fallback"
      aria-busy={!state.error}
      {...(rest satisfies ElementRest<typeof rest, 'div'>)}
      ref={ref}
    >
      <span className={variant === 'compact' ? 'acp-usage-meter__trigger' : 'acp-usage-meter__label'}>
        {variant === 'compact' ? '' : `${messages.label} `}
        {percent === null ? '' : formatPercent(percent, locale)}
      </span>
      {/* In a toolbar a passing "Loading…" would only flicker: there, only a failure is said. */}
      {(variant !== 'compact' || state.error) && <OnDemandStatus state={state} />}
    </div>
  );
});

export const UsageMeter = /* @__PURE__ */ onDemandComponent(
  'UsageMeter',
  sessionControlsModule,
  (loaded) => loaded.UsageMeterLoaded,
  UsageMeterFallback,
  ({ usage, variant }) => Boolean(usage) || variant !== 'compact',
);
