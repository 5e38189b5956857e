import type { ComponentType, ReactElement } from 'react';
import { useLazyModule, type LazyModule } from './lazy-module.js';
import type { OnDemandState } from './OnDemandStatus.js';

/**
 * The public face of a panel whose code is fetched on demand: it renders the loaded component
 * when its module is in memory (synchronously, from the second use on) and otherwise the panel's
 * own fallback, which receives the same props plus the fetch state for its status line.
 *
 * `needed(props)`, when given, says whether the panel has anything to show that its fallback
 * cannot: while it is false the fallback renders and nothing is fetched (see `useLazyModule`).
 */
export function onDemandComponent<M, P extends object>(
  name: string,
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P>,
  Fallback: ComponentType<P & { state: OnDemandState }>,
  needed?: (props: P) => boolean,
): (props: P) => ReactElement {
  function OnDemand(props: P) {
    const state = useLazyModule(module, needed ? needed(props) : true);
    if (state.module !== undefined) {
      const Loaded = pick(state.module);
      return <Loaded {...props} />;
    }
    return <Fallback {...props} state={state} />;
  }
  OnDemand.displayName = name;
  return OnDemand;
}
