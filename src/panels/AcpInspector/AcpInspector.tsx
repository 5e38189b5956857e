import { forwardRef, useState } from 'react';
import type { AcpSnapshot } from '../../core/types.js';
import { useAcpSelector } from '../../react/hooks.js';
import { useAcpContext } from '../../react/context.js';
import { useTraffic } from '../../react/use-traffic.js';
import { ProtocolInspector, type ProtocolInspectorProps } from '../../components/Inspector/index.js';

/** The inspector's props but those the provider's connection supplies, and the rest of its root `<section>`'s. */
export type AcpInspectorProps = Omit<ProtocolInspectorProps, 'entries' | 'paused' | 'onPausedChange' | 'onClear' | 'protocolVersion'>;

const protocolVersionOf = (snapshot: AcpSnapshot) => snapshot.agent?.protocolVersion ?? null;

/** The inspector wired to the provider's connection. */
export const AcpInspector = /* @__PURE__ */ forwardRef<HTMLElement, AcpInspectorProps>(function AcpInspector(props, ref) {
  const { client } = useAcpContext();
  const [paused, setPaused] = useState(false);
  const [, force] = useState(0);
  const entries = useTraffic({ paused });
  const protocolVersion = useAcpSelector(protocolVersionOf);
  return (
    <ProtocolInspector
      {...props}
      ref={ref}
      entries={entries}
      protocolVersion={protocolVersion}
      paused={paused}
      onPausedChange={setPaused}
      onClear={() => {
        client.traffic.clear();
        force((n) => n + 1);
      }}
    />
  );
});
