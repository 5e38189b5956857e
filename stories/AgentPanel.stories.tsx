import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { Stream } from '@agentclientprotocol/sdk';
import { AgentPanel, type AgentPanelProps } from '../src/panels/AgentPanel/index.js';
import { AcpProvider, useAcp } from '../src/react/index.js';
import type { AcpClientOptions } from '../src/core/index.js';
import { createChangeTracker } from '../src/core/changes/index.js';
import { createMemoryFs } from '../src/core/devtools/index.js';
import { createDemoAgent } from '../demo-agent/agent.mjs';
import { GREETING_FILE, GREETING_OLD } from '../demo-agent/content.mjs';

/**
 * The whole panel against the scripted demo agent, running in the page (no server): two
 * streams joined back to back, the agent on one end and the client on the other. Each story
 * sends a first prompt once the panel has its session, as a user would.
 */
function inPageDemoAgent(): Stream {
  const toAgent = new TransformStream();
  const toClient = new TransformStream();
  createDemoAgent({ delayMs: 0 }).connect({ readable: toAgent.readable, writable: toClient.writable });
  return { readable: toClient.readable, writable: toAgent.writable };
}

/** Sends `prompt` once, into the first session the panel starts. */
function FirstPrompt({ prompt }: { prompt: string }) {
  const acp = useAcp();
  const sent = useRef(false);
  const sessionId = Object.keys(acp.sessions)[0];
  useEffect(() => {
    if (!sessionId || sent.current) return;
    sent.current = true;
    acp.prompt(sessionId, prompt).catch(() => {});
  }, [acp, sessionId, prompt]);
  return null;
}

interface DemoProps extends Partial<AgentPanelProps> {
  prompt: string;
  /** More client options (a workspace, a permission policy). */
  client?: Partial<AcpClientOptions>;
  /** The panel's parent: its size decides the container mode. */
  frame?: CSSProperties;
  children?: ReactNode;
}

function PanelDemo({ prompt, frame, children, client, ...panel }: DemoProps) {
  const options = useMemo(() => ({ stream: inPageDemoAgent, clientInfo: { name: 'storybook', version: '0.0.0' }, ...client }), [client]);
  return (
    <AcpProvider options={options}>
      <FirstPrompt prompt={prompt} />
      {children}
      <div style={frame}>
        <AgentPanel cwd="/workspace" {...panel} />
      </div>
    </AcpProvider>
  );
}

const meta = {
  title: 'Components/AgentPanel',
  component: AgentPanel,
  parameters: { controls: { disable: true } },
} satisfies Meta<typeof AgentPanel>;

export default meta;
type Story = StoryObj;

/** The header names the session after the agent's `session_info_update`. In a box of fixed height the panel fills it. */
export const SessionTitle: Story = {
  render: () => <PanelDemo prompt="/plan Tidy the greeting module" frame={{ height: 520, maxWidth: 760 }} />,
};

/** A title wider than the header ends in an ellipsis; the tools keep their place. */
export const LongSessionTitle: Story = {
  render: () => (
    <PanelDemo prompt="/plan Investigate why the nightly build of the documentation site fails on the arm64 runners" frame={{ height: 600, width: 320 }} />
  ),
};

/** In a parent of auto height the conversation grows with the answer, up to --acp-thread-max-height, then scrolls. */
export const AutoHeight: Story = {
  render: () => <PanelDemo prompt="/explain" frame={{ maxWidth: 760, ['--acp-thread-max-height' as string]: '360px' }} />,
};

/** The notebook layout, in a cell of auto height. */
export const Compact: Story = {
  render: () => <PanelDemo prompt="/plan Add a cell that plots the results" compact showSessionList={false} frame={{ maxWidth: 640 }} />,
};

/**
 * With a change tracker (`changes`): the agent's `/edit` goes through it, the permission is
 * allowed by the host's policy, and the turn ends with its summary of changed files; "Review
 * changes" opens the review of that turn.
 */
export const ChangeReview: Story = {
  render: function Render() {
    const { changes, client } = useMemo(() => {
      const fs = createMemoryFs({ files: { [`/workspace/${GREETING_FILE}`]: GREETING_OLD }, writable: true });
      const tracker = createChangeTracker({ fs });
      const allowOnce = (request: { options: { optionId: string; kind: string }[] }) => request.options.find((o) => o.kind === 'allow_once')?.optionId;
      return { changes: tracker, client: { fs: tracker.fs, permissionPolicy: allowOnce } };
    }, []);
    return <PanelDemo prompt="/edit" changes={changes} client={client} frame={{ height: 560, maxWidth: 760 }} />;
  },
};
