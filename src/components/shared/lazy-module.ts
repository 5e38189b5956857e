import { useCallback, useEffect, useState } from 'react';

/**
 * A module fetched on demand (a dynamic `import()`), loaded at most once per page.
 *
 * Why not `React.lazy`: a lazy component suspends on every first render, even when its chunk is
 * already in memory, so every panel would flash its fallback once per mount. Here a component
 * asks `current()` first and renders synchronously when the module is there; only the very first
 * use on a page waits. A failed fetch (offline, a deploy that removed the chunk) is kept as an
 * error the caller can show and retry, instead of an unhandled rejection.
 */
export interface LazyModule<T> {
  /** The module when it has loaded, else undefined. */
  current(): T | undefined;
  /** Starts the fetch (once) and resolves with the module; rejects with the fetch error. */
  load(): Promise<T>;
  /** The last fetch error, cleared by the next `load()`. */
  error(): Error | undefined;
}

const registry = new Set<LazyModule<unknown>>();

export function lazyModule<T>(loader: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let failure: Error | undefined;
  let pending: Promise<T> | undefined;
  const module: LazyModule<T> = {
    current: () => value,
    error: () => failure,
    load() {
      if (value !== undefined) return Promise.resolve(value);
      if (!pending) {
        failure = undefined;
        pending = loader().then(
          (loaded) => {
            value = loaded;
            return loaded;
          },
          (cause: unknown) => {
            failure = cause instanceof Error ? cause : new Error(String(cause));
            // Forget the failed attempt so a retry fetches again.
            pending = undefined;
            throw failure;
          },
        );
      }
      return pending;
    },
  };
  registry.add(module as LazyModule<unknown>);
  return module;
}

/**
 * Fetches every on-demand part of the components that has been imported so far. Hosts call it
 * when the page is idle to take the fetches off the first use; tests call it so that components
 * render synchronously. Resolves when all have loaded; rejects with the first failure.
 */
export function preloadComponents(): Promise<void> {
  return Promise.all([...registry].map((module) => module.load())).then(() => undefined);
}

export interface LazyModuleState<T> {
  module: T | undefined;
  error: Error | undefined;
  /** Fetches again after a failure. */
  retry: () => void;
}

/**
 * The module for rendering: synchronous when it has loaded, otherwise undefined until it arrives
 * (the caller renders its fallback), or the error if the fetch failed.
 *
 * `needed: false` renders without fetching: a part with nothing to show yet (an empty queue, a
 * meter without a reading) draws its fallback and fetches once there is something to show, so
 * a page does not pay for what it never displays. A module already in memory is used anyway.
 */
export function useLazyModule<T>(lazy: LazyModule<T>, needed = true): LazyModuleState<T> {
  const [, setVersion] = useState(0);
  const module = lazy.current();
  useEffect(() => {
    if (!needed || lazy.current() !== undefined) return;
    let live = true;
    const settle = () => {
      if (live) setVersion((v) => v + 1);
    };
    lazy.load().then(settle, settle);
    return () => {
      live = false;
    };
  }, [lazy, needed]);
  const retry = useCallback(() => {
    lazy.load().then(
      () => setVersion((v) => v + 1),
      () => setVersion((v) => v + 1),
    );
    setVersion((v) => v + 1);
  }, [lazy]);
  return { module, error: module === undefined ? lazy.error() : undefined, retry };
}
