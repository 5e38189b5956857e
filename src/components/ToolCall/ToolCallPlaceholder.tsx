/**
 * A tool call card waiting for its turn to mount (see `shared/use-mount-in-slices.ts`: an agent
 * can start a hundred tool calls at once): a frame with its title, and room for the permission
 * prompt it carries (`permission`), so the log keeps about its size until the card mounts.
 */
export function ToolCallPlaceholder({ title, permission = false }: { title: string; permission?: boolean }) {
  return (
    <div className="acp-tool-call" data-slot="tool-call-placeholder" data-permission={permission ? 'true' : undefined} aria-busy="true">
      <div className="acp-tool-call__header">
        <span className="acp-tool-call__trigger">{title}</span>
      </div>
    </div>
  );
}
