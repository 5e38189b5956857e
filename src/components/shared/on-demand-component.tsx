import { forwardRef, type ComponentType, type ForwardRefExoticComponent, type PropsWithoutRef, type RefAttributes } from 'react';
import { useLazyModule, type LazyModule } from './lazy-module.js';
import type { OnDemandState } from './OnDemandStatus.js';

/**
 * The public face of a panel whose code is fetched on demand: it renders the loaded component
 * when its module is in memory (synchronously, from the second use on) and otherwise the panel's
 * own fallback, which receives the same props plus the fetch state for its status line. The ref
 * is forwarded to whichever of the two is shown, so a host's ref reaches the root before and
 * after the load alike.
 *
 * `needed(props)`, when given, says whether the panel has anything to show that its fallback
 * cannot: while it is false the fallback renders and nothing is fetched (see `useLazyModule`).
 */
export function onDemandComponent<M, P extends object, E extends Element = HTMLDivElement>(
  name: string,
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P & RefAttributes<E>>,
  Fallback: ComponentType<P & { state: OnDemandState } & RefAttributes<E>>,
  needed?: (props: P) => boolean,
): ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<E>> {
  const OnDemand = forwardRef<E, P>(function OnDemand(rest, ref) {
    // forwardRef types the props without `ref`; they are the component's props all the same.
    const props = rest as P;
    const state = useLazyModule(module, needed ? needed(props) : true);
    if (state.module !== undefined) {
      const Loaded = pick(state.module);
      return <Loaded {...props} ref={ref} />;
    }
    return <Fallback {...props} state={state} ref={ref} />;
  });
  OnDemand.displayName = name;
  return OnDemand as ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<E>>;
}
