import { useCallback, type ComponentPropsWithoutRef, type ElementType, type MutableRefObject, type Ref, type RefCallback, type SyntheticEvent } from 'react';

/**
 * A public component's props: its own, plus the rest of its root element's (`id`, `style`,
 * `aria-*`, `data-*`, handlers), as Radix and shadcn/ui roots take them. Its own props win where
 * the names meet (`title`, `onChange`, `open`), and `children` is the component's unless it says
 * otherwise.
 */
export type RootProps<Own, E extends ElementType = 'div'> = Own & Omit<ComponentPropsWithoutRef<E>, keyof Own | 'children'>;

type Strays<Rest, E extends ElementType> = Exclude<keyof Rest, keyof ComponentPropsWithoutRef<E>>;

/**
 * What an on-demand fallback may spread on its root: its element's props only. A fallback names
 * the loaded component's props it does not use, to keep them off the DOM; checked with
 * `{...(rest satisfies ElementRest<typeof rest, 'div'>)}`, a prop added to the component later and
 * not named there fails to compile (its type becomes `never`) instead of reaching the element.
 */
export type ElementRest<Rest, E extends ElementType> = [Strays<Rest, E>] extends [never] ? Rest : { [K in Strays<Rest, E>]: never };

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as MutableRefObject<T | null>).current = value;
}

/**
 * One callback ref that sets both refs given: the component's own and the host's forwarded one.
 * It returns nothing (a React 19 cleanup would be a warning on React 18).
 */
export function useComposedRefs<T>(own: Ref<T> | undefined, forwarded: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      assign(own, node);
      assign(forwarded, node);
    },
    [own, forwarded],
  );
}

/**
 * The host's handler first, then the component's own unless the host called `preventDefault()`:
 * a host can add to a root's behaviour, or stop it, without losing it by passing a handler.
 */
export function composeHandlers<E extends SyntheticEvent>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void): (event: E) => void {
  if (!theirs) return ours;
  return (event) => {
    theirs(event);
    if (!event.defaultPrevented) ours(event);
  };
}
