/**
 * useTraffic: the inspector's list follows the connection's traffic, a few renders a second at
 * most, and no timer runs while nothing arrives (issue 27: nothing runs when nothing happens).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AcpProvider, createAcpClient, useTraffic, type AcpClient } from '../../src/index.js';

function Frames() {
  const entries = useTraffic({ intervalMs: 250 });
  return <span data-testid="frames">{entries.map((e) => (e.msg as { method?: string }).method).join(',')}</span>;
}

let client: AcpClient;
beforeEach(() => {
  vi.useFakeTimers();
  client = createAcpClient({ url: 'ws://127.0.0.1:9/acp', reconnect: false, scheduler: 'sync' });
});
afterEach(() => {
  vi.useRealTimers();
});

const frame = (method: string) => client.traffic.record({ dir: 'in', msg: { jsonrpc: '2.0', method, params: {} } });
const shown = () => screen.getByTestId('frames').textContent;

it('keeps no timer while no frame arrives, and shows the frames that came within the interval', () => {
  frame('initialize');
  render(
    <AcpProvider client={client} autoConnect={false}>
      <Frames />
    </AcpProvider>,
  );
  expect(shown()).toBe('initialize');
  // Watching a quiet connection schedules nothing.
  expect(vi.getTimerCount()).toBe(0);

  // A burst is shown once, within the interval, not frame by frame.
  frame('session/update');
  frame('session/update');
  expect(shown()).toBe('initialize');
  act(() => vi.advanceTimersByTime(250));
  expect(shown()).toBe('initialize,session/update,session/update');
  // And then quiet again: no timer left behind.
  expect(vi.getTimerCount()).toBe(0);

  frame('session/prompt');
  act(() => vi.advanceTimersByTime(250));
  expect(shown()).toBe('initialize,session/update,session/update,session/prompt');
  expect(vi.getTimerCount()).toBe(0);
});

it('drops its pending refresh when unmounted', () => {
  const { unmount } = render(
    <AcpProvider client={client} autoConnect={false}>
      <Frames />
    </AcpProvider>,
  );
  frame('session/update');
  unmount();
  expect(vi.getTimerCount()).toBe(0);
});
