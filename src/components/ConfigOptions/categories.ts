import type { SessionConfigOption } from '@agentclientprotocol/sdk';

/** Where an option is shown. Categories are UX hints only, so anything unknown lands in `other`. */
export type ConfigGroupKey = 'mode' | 'model' | 'thought_level' | 'other';

export interface ConfigGroup {
  key: ConfigGroupKey;
  options: SessionConfigOption[];
}

/**
 * True for the option types this client renders. The SDK accepts unknown `type` values and the
 * spec says to ignore them (agents always have defaults), so the raw field is checked here.
 */
export function isRenderableOption(option: SessionConfigOption): boolean {
  const raw = option as { type?: unknown; currentValue?: unknown; options?: unknown };
  if (raw.type === 'select') return typeof raw.currentValue === 'string' && Array.isArray(raw.options);
  if (raw.type === 'boolean') return typeof raw.currentValue === 'boolean';
  return false;
}

function groupKeyOf(option: SessionConfigOption): ConfigGroupKey {
  switch (option.category) {
    case 'mode':
      return 'mode';
    case 'model':
    case 'model_config':
      // Model settings (for example "fast mode") belong next to the model they tune.
      return 'model';
    case 'thought_level':
      return 'thought_level';
    default:
      return 'other';
  }
}

/**
 * Groups renderable options by category. Groups appear in the order their first option appears,
 * and options keep array order (the agent's priority), except that the model selector itself
 * comes before its `model_config` options.
 */
export function groupConfigOptions(options: readonly SessionConfigOption[]): ConfigGroup[] {
  const groups = new Map<ConfigGroupKey, SessionConfigOption[]>();
  for (const option of options) {
    if (!isRenderableOption(option)) continue;
    const key = groupKeyOf(option);
    const list = groups.get(key) ?? [];
    list.push(option);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => ({
    key,
    options: key === 'model' ? modelFirst(list) : list,
  }));
}

function modelFirst(list: SessionConfigOption[]): SessionConfigOption[] {
  return [...list.filter((o) => o.category === 'model'), ...list.filter((o) => o.category !== 'model')];
}

/** Legacy `modes` are shown only when no renderable config option already covers the mode. */
export function hasModeConfigOption(options: readonly SessionConfigOption[] | null): boolean {
  return Boolean(options?.some((o) => o.category === 'mode' && isRenderableOption(o)));
}
