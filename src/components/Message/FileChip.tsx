import type { ReactNode } from 'react';
import { cx } from '../shared/index.js';
import { FileIcon } from './icons.js';

interface FileChipProps {
  name: string;
  /** Secondary facts: size, type, description. */
  details?: ReactNode;
  /** The address, shown as text (a link only when the caller made it one). */
  location?: ReactNode;
  icon?: ReactNode;
  slot: string;
  className?: string;
}

/** A compact card for a file-like block that is not (or cannot be) shown inline. */
export function FileChip({ name, details, location, icon, slot, className }: FileChipProps) {
  return (
    <div className={cx('acp-message__chip', className)} data-slot={slot}>
      <span className="acp-message__chip-icon">{icon ?? <FileIcon />}</span>
      <span className="acp-message__chip-body">
        <span className="acp-message__chip-name">{name}</span>
        {details ? <span className="acp-message__chip-details">{details}</span> : null}
        {location ? <span className="acp-message__chip-location">{location}</span> : null}
      </span>
    </div>
  );
}
