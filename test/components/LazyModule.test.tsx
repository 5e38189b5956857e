import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyModule, preloadComponents, useLazyModule, type LazyModule } from '../../src/components/shared/lazy-module.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function View({ lazy }: { lazy: LazyModule<{ label: string }> }) {
  const { module, error, retry } = useLazyModule(lazy);
  if (error) return <button onClick={retry}>Retry: {error.message}</button>;
  return <p>{module ? module.label : 'loading'}</p>;
}

describe('lazyModule', () => {
  it('fetches once however many callers ask', async () => {
    let calls = 0;
    const lazy = lazyModule(async () => {
      calls += 1;
      return { label: 'ready' };
    });
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    await lazy.load();
    expect(calls).toBe(1);
    expect(lazy.current()).toEqual({ label: 'ready' });
  });

  it('renders the fallback first, then the module, and synchronously on later mounts', async () => {
    const gate = deferred<{ label: string }>();
    const lazy = lazyModule(() => gate.promise);
    const first = render(<View lazy={lazy} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => gate.resolve({ label: 'ready' }));
    expect(screen.getByText('ready')).toBeInTheDocument();
    first.unmount();
    render(<View lazy={lazy} />);
    // No fallback frame once the module is in memory.
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('shows a failed fetch and fetches again on retry', async () => {
    let attempt = 0;
    const lazy = lazyModule(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk missing');
      return { label: 'second time lucky' };
    });
    render(<View lazy={lazy} />);
    const retry = await screen.findByRole('button', { name: /chunk missing/ });
    await act(async () => retry.click());
    expect(await screen.findByText('second time lucky')).toBeInTheDocument();
    expect(attempt).toBe(2);
  });

  it('fetches nothing while the part has nothing to show, and fetches once it has', async () => {
    let calls = 0;
    const lazy = lazyModule(async () => {
      calls += 1;
      return { label: 'shown' };
    });
    function Part({ needed }: { needed: boolean }) {
      const { module } = useLazyModule(lazy, needed);
      return <p>{module ? module.label : needed ? 'loading' : 'nothing yet'}</p>;
    }
    const { rerender } = render(<Part needed={false} />);
    await act(async () => {});
    expect(screen.getByText('nothing yet')).toBeInTheDocument();
    expect(calls).toBe(0);

    rerender(<Part needed />);
    expect(await screen.findByText('shown')).toBeInTheDocument();
    expect(calls).toBe(1);
    // Once in memory it renders whether needed or not.
    rerender(<Part needed={false} />);
    expect(screen.getByText('shown')).toBeInTheDocument();
  });

  it('preloadComponents loads every registered module', async () => {
    const lazy = lazyModule(async () => ({ label: 'preloaded' }));
    expect(lazy.current()).toBeUndefined();
    await preloadComponents();
    expect(lazy.current()).toEqual({ label: 'preloaded' });
  });
});
