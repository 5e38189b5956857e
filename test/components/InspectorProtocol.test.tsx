/**
 * The protocol inspector names the ACP version the connection speaks (`snapshot.agent.protocolVersion`):
 * `ProtocolInspector` from its prop, `AcpInspector` from the provider's connection.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WebSocket } from 'ws';
import { ProtocolInspector } from '../../src/components/Inspector/index.js';
import { AcpInspector } from '../../src/panels/AcpInspector/index.js';
import { AcpProvider } from '../../src/react/index.js';
import { createAcpClient } from '../../src/index.js';
import { startRawAgent } from '../helpers/raw-agent.js';

describe('ProtocolInspector: the protocol version', () => {
  it('says which ACP version is spoken', async () => {
    const { rerender } = render(<ProtocolInspector entries={[]} protocolVersion={2} />);
    expect(await screen.findByText('ACP v2')).toHaveAttribute('data-slot', 'inspector-protocol');
    rerender(<ProtocolInspector entries={[]} protocolVersion={1} />);
    expect(screen.getByText('ACP v1')).toBeInTheDocument();
  });

  it('says nothing about it before a connection has answered', async () => {
    const { container } = render(<ProtocolInspector entries={[]} protocolVersion={null} />);
    await screen.findByText('No traffic yet.');
    expect(container.querySelector('[data-slot="inspector-protocol"]')).toBeNull();
  });

  it('AcpInspector reads it from the provider’s connection: none before it connects, then the version the agent answered', async () => {
    const agent = await startRawAgent();
    const client = createAcpClient({ url: agent.url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false });
    try {
      const { container } = render(
        <AcpProvider client={client} autoConnect={false}>
          <AcpInspector />
        </AcpProvider>,
      );
      await screen.findByText('No traffic yet.');
      expect(container.querySelector('[data-slot="inspector-protocol"]')).toBeNull();
      await act(() => client.connect());
      expect(await screen.findByText(`ACP v${client.getSnapshot().agent!.protocolVersion}`)).toHaveAttribute('data-slot', 'inspector-protocol');
    } finally {
      await client.disconnect();
      await agent.close();
    }
  });
});
