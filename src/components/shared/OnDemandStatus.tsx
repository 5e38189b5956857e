import type { LazyModuleState } from './lazy-module.js';
import { useMessages } from '../../i18n/index.js';

/** English defaults for the `onDemand` namespace (the fallback of every on-demand panel). */
export const onDemandMessages = {
  loading: 'Loading…',
  failed: 'This part of the page could not be loaded.',
  retry: 'Retry',
};

export type OnDemandMessages = typeof onDemandMessages;

/** What a fallback needs of its module's state: the fetch failure, if any, and how to retry. */
export type OnDemandState = Pick<LazyModuleState<unknown>, 'error' | 'retry'>;

export interface OnDemandStatusProps {
  state: OnDemandState;
  /** What is being fetched, when the panel can say it better than "Loading…". */
  loading?: string;
}

/**
 * The status line inside an on-demand panel's fallback (see lazy-module.ts): a polite "Loading…"
 * while the panel's code is fetched, or the failure with a Retry button. Each panel draws its own
 * frame around it with the essentials it already has, so only this line differs between panels.
 */
export function OnDemandStatus({ state, loading }: OnDemandStatusProps) {
  const messages = useMessages('onDemand', onDemandMessages);
  const { error, retry } = state;
  return (
    <div className="acp-on-demand" data-slot="on-demand" data-state={error ? 'failed' : 'loading'}>
      <p className="acp-on-demand__text" role="status" title={error?.message}>
        {error ? messages.failed : (loading ?? messages.loading)}
      </p>
      {error && (
        <button type="button" className="acp-button" onClick={retry}>
          {messages.retry}
        </button>
      )}
    </div>
  );
}

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    onDemand: typeof onDemandMessages;
  }
}
