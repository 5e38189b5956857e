/**
 * useExtMethod / useExtNotification against a raw agent over a real loopback WebSocket: the
 * handler answers while mounted, follows the latest render, and is removed on unmount.
 */
import { afterEach, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { WebSocket } from 'ws';
import { AcpProvider, createAcpClient, useExtMethod, useExtNotification, type AcpClient } from '../../src/index.js';
import { startRawAgent, type RawAgent } from '../helpers/raw-agent.js';

let agent: RawAgent | undefined;
let client: AcpClient | undefined;
afterEach(async () => {
  await client?.disconnect();
  await agent?.close();
});

function Host({ label }: { label: string }) {
  const [last, setLast] = useState('none');
  useExtMethod('_acme/whoami', () => ({ label }));
  useExtNotification('_acme/status', (params) => setLast(String((params as { text: string }).text)));
  return <output data-testid="last">{last}</output>;
}

it('answers while mounted with the latest handler, and not after unmount', async () => {
  agent = await startRawAgent();
  client = createAcpClient({ url: agent.url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false });
  const view = render(
    <AcpProvider client={client}>
      <Host label="first" />
    </AcpProvider>,
  );
  await waitFor(() => expect(client!.getSnapshot().status).toBe('ready'));
  const conn = agent.current!;
  expect((await conn.request('_acme/whoami', {}).response).result).toEqual({ label: 'first' });
  view.rerender(
    <AcpProvider client={client}>
      <Host label="second" />
    </AcpProvider>,
  );
  expect((await conn.request('_acme/whoami', {}).response).result).toEqual({ label: 'second' });
  conn.notify('_acme/status', { text: 'indexing' });
  await waitFor(() => expect(screen.getByTestId('last').textContent).toBe('indexing'));
  view.rerender(<AcpProvider client={client}>{null}</AcpProvider>);
  expect((await conn.request('_acme/whoami', {}).response).error?.code).toBe(-32601);
});
