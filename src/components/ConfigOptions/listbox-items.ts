import type { SessionConfigSelectGroup, SessionConfigSelectOptions } from '@agentclientprotocol/sdk';

export interface ListboxItem {
  value: string;
  name: string;
  description?: string | null;
}

/** A run of items, under a group label when the agent grouped them. */
export interface ListboxSection {
  key: string;
  label: string | null;
  items: ListboxItem[];
}

function isGroup(entry: unknown): entry is SessionConfigSelectGroup {
  return typeof entry === 'object' && entry !== null && 'group' in entry && Array.isArray((entry as { options?: unknown }).options);
}

/** Flat options become one unlabelled section; `SessionConfigSelectGroup`s keep their labels. */
export function toSections(options: SessionConfigSelectOptions): ListboxSection[] {
  const sections: ListboxSection[] = [];
  const loose: ListboxItem[] = [];
  for (const entry of options as unknown[]) {
    if (isGroup(entry)) {
      sections.push({ key: `group:${entry.group}`, label: entry.name, items: entry.options.map(toItem) });
    } else if (typeof entry === 'object' && entry !== null && 'value' in entry) {
      loose.push(toItem(entry as ListboxItem));
    }
  }
  return loose.length > 0 ? [{ key: 'options', label: null, items: loose }, ...sections] : sections;
}

function toItem(option: ListboxItem): ListboxItem {
  return { value: option.value, name: option.name, description: option.description ?? null };
}
