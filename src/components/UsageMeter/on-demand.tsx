/**
 * The public `UsageMeter`: agents that report context usage are the minority, so the ring, the
 * popover and the detailed reading are fetched the first time a meter is shown (AgentPanel
 * fetches it once the page is idle). Until then the percentage is shown as text in its place.
 */
import { cx, lazyModule, useLocale, useMessages } from '../shared/index.js';
import { OnDemandStatus, type OnDemandState } from '../shared/OnDemandStatus.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import { formatPercent } from './format.js';
import { usageMeterMessages } from './messages.js';
import { usageLevel, usagePercent } from './usage-level.js';
import type { UsageMeterProps } from './UsageMeter.js';

export const usageMeterModule = lazyModule(() => import('./UsageMeter.js').then((m) => m.UsageMeter));

export const UsageMeter = onDemandComponent('UsageMeter', usageMeterModule, (loaded) => loaded, UsageMeterFallback);

function UsageMeterFallback({ usage, variant = 'detailed', className, state }: UsageMeterProps & { state: OnDemandState }) {
  const messages = useMessages('usageMeter', usageMeterMessages);
  const locale = useLocale();
  // Like the loaded meter: a toolbar ring without usage would only be noise.
  if (!usage && variant === 'compact') return null;
  const percent = usage ? usagePercent(usage.used, usage.size) : null;
  return (
    <div
      className={cx('acp-usage-meter', className)}
      data-variant={variant}
      data-state={usageLevel(percent)}
      data-slot="fallback"
      aria-busy={!state.error}
    >
      <span className={variant === 'compact' ? 'acp-usage-meter__trigger' : 'acp-usage-meter__label'}>
        {variant === 'compact' ? '' : `${messages.label} `}
        {percent === null ? '' : formatPercent(percent, locale)}
      </span>
      {/* In a toolbar a passing "Loading…" would only flicker: there, only a failure is said. */}
      {(variant !== 'compact' || state.error) && <OnDemandStatus state={state} />}
    </div>
  );
}
