import { useAcpSelector } from 'acp-react';

/**
 * Over ACP v2 the agent cannot read or write the page's files (v2 has no client `fs/*`): it edits
 * its own copy, so the workspace on the left does not follow its edits. Said here, beside the
 * workspace, rather than left for the user to wonder why the editor did not change.
 */
export function AgentOwnsFilesNote() {
  const ownFiles = useAcpSelector((s) => s.agent?.surface?.clientFs === false);
  if (!ownFiles) return null;
  return (
    <p className="pg-note" data-testid="agent-owns-files">
      This agent speaks ACP v2, which gives agents no access to the page&apos;s files: it edits its own copy, and its tool calls show the diffs (the review
      lists them read-only). The workspace here keeps its own content.
    </p>
  );
}
