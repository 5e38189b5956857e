import type { ToolCallLocation } from '../../core/types.js';
import { shortenPath } from './paths.js';
import type { ToolCallMessages } from './messages.js';

interface ToolCallLocationsProps {
  locations: ReadonlyArray<ToolCallLocation>;
  cwd?: string | null;
  onOpenLocation?: (path: string, line?: number) => void;
  messages: ToolCallMessages;
}

/**
 * The files a tool touches ("follow the agent"). Buttons when the host can open files,
 * plain labels otherwise: a button that does nothing would be a trap.
 */
export function ToolCallLocations({ locations, cwd, onOpenLocation, messages }: ToolCallLocationsProps) {
  if (locations.length === 0) return null;
  return (
    <ul className="acp-tool-call__locations" data-slot="tool-call-locations" aria-label={messages.locations_label}>
      {locations.map((location, i) => {
        const line = typeof location.line === 'number' ? location.line : undefined;
        const label = `${shortenPath(location.path, cwd)}${line !== undefined ? `:${line}` : ''}`;
        const full = `${location.path}${line !== undefined ? `:${line}` : ''}`;
        return (
          <li key={`${i}:${location.path}`}>
            {onOpenLocation ? (
              <button type="button" className="acp-tool-call__location acp-focusable" title={full} onClick={() => onOpenLocation(location.path, line)}>
                {label}
              </button>
            ) : (
              <span className="acp-tool-call__location" title={full}>
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
