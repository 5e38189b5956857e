import { useCallback, useEffect, useMemo, useState } from 'react';
import { AgentPicker, type AgentPickerAgent } from 'acp-react';
import { IdePage } from '../ide/IdePage.js';
import type { PlaygroundParams } from '../params.js';
import { Shell } from '../Shell.js';
import { createLauncher, type LauncherAgent } from './launcher-client.js';

/**
 * `?launcher=<bridge URL>`: the agents of an `acp-react-bridge --launcher`, in an `AgentPicker`.
 * Picking one installs it on the bridge (its progress shown), and the web IDE then connects to it;
 * a failed install is shown in the picker, which stays usable. Reload the page to pick again.
 */
export function LauncherPage({ params }: { params: PlaygroundParams }) {
  const launcher = useMemo(() => createLauncher(params.launcherUrl!), [params.launcherUrl]);
  const [agents, setAgents] = useState<LauncherAgent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<PlaygroundParams | null>(null);

  useEffect(() => {
    let current = true;
    launcher.agents().then(
      (list) => current && setAgents(list),
      (reason: unknown) =>
        current && setError(`${reason instanceof Error ? reason.message : String(reason)} (is acp-react-bridge --launcher running at ${launcher.url}?)`),
    );
    return () => {
      current = false;
    };
  }, [launcher, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAgents(null);
    setAttempt((n) => n + 1);
  }, []);
  const onPick = useCallback((agent: AgentPickerAgent, { progress }: { progress: (line: string) => void }) => launcher.launch(agent.id, progress), [launcher]);
  const onConnect = useCallback((url: string) => setChosen({ ...params, agentUrl: url, external: true }), [params]);

  if (chosen) return <IdePage params={chosen} />;
  return (
    <Shell page="ide" params={{ ...params, agentUrl: launcher.url }}>
      <main className="pg-launcher">
        <p className="pg-note">
          Agents of the registry served by <code>acp-react-bridge --launcher</code>. The one you pick is installed on that machine if needed (npx), then started
          for this page, in <code>{params.cwd}</code>.
        </p>
        <AgentPicker className="pg-launcher__picker" agents={agents} error={error} onRetry={retry} onPick={onPick} onConnect={onConnect} />
      </main>
    </Shell>
  );
}
