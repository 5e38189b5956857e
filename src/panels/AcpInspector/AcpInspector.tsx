import { useState } from 'react';
import { useAcpContext } from '../../react/context.js';
import { useTraffic } from '../../react/use-traffic.js';
import { ProtocolInspector, type ProtocolInspectorProps } from '../../components/Inspector/index.js';

/** The inspector wired to the provider's connection. */
export function AcpInspector(props: Omit<ProtocolInspectorProps, 'entries' | 'paused' | 'onPausedChange' | 'onClear'>) {
  const { client } = useAcpContext();
  const [paused, setPaused] = useState(false);
  const [, force] = useState(0);
  const entries = useTraffic({ paused });
  return (
    <ProtocolInspector
      {...props}
      entries={entries}
      paused={paused}
      onPausedChange={setPaused}
      onClear={() => {
        client.traffic.clear();
        force((n) => n + 1);
      }}
    />
  );
}
