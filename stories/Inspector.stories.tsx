import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProtocolInspector } from '../src/components/Inspector/index.js';
import { Thread } from '../src/components/Thread/index.js';
import type { TrafficEntry } from '../src/core/index.js';
import { parseTranscript, replayTranscript } from '../src/core/devtools/index.js';
import allowTranscript from '../fixtures/sdk-example-agent.allow.ndjson?raw';
import claudeTranscript from '../fixtures/claude-agent-acp.offline.ndjson?raw';

/** Turns a recorded transcript back into inspector traffic (the inverse of "Export transcript"). */
function trafficOf(ndjson: string): TrafficEntry[] {
  return parseTranscript(ndjson).map((entry, i) => ({
    seq: i + 1,
    dir: entry.dir === 'client->agent' ? 'out' : 'in',
    at: 1_700_000_000_000 + entry.t,
    msg: entry.msg,
  }));
}

const meta = {
  title: 'Components/ProtocolInspector',
  component: ProtocolInspector,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ProtocolInspector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RecordedTurn: Story = {
  args: { entries: trafficOf(allowTranscript), protocolVersion: 1 },
};

export const RealAgentWithExtensions: Story = {
  args: { entries: trafficOf(claudeTranscript), protocolVersion: 1 },
};

export const WithRefusedFrames: Story = {
  args: {
    entries: [
      ...trafficOf(allowTranscript).slice(0, 4),
      { seq: 90, dir: 'in', at: 1_700_000_000_500, raw: '{"jsonrpc":"2.0","method":"session/update",', error: 'Not valid JSON.' },
      { seq: 91, dir: 'in', at: 1_700_000_000_600, raw: '<binary frame, 12 bytes>', error: 'Binary frames are not part of ACP; the frame was ignored.' },
    ],
  },
};

export const Paused: Story = {
  args: { entries: trafficOf(allowTranscript), paused: true, onPausedChange: () => {} },
};

export const Empty: Story = {
  args: { entries: [] },
};

/** A transcript exported from the inspector, replayed into the components: what a bug report shows. */
export const ReplayedIntoThread: Story = {
  args: { entries: trafficOf(allowTranscript) },
  render: () => {
    const snapshot = replayTranscript(parseTranscript(allowTranscript));
    const session = Object.values(snapshot.sessions)[0]!;
    return <Thread session={session} permissionRequests={snapshot.permissionRequests} />;
  },
};
