/**
 * How a permission option looks, from its `kind`. Kinds are only hints (guide §4.4): an unknown
 * kind gets the neutral look and is otherwise treated like any other option.
 */
export type OptionTone = 'allow' | 'reject' | 'neutral';

export interface OptionStyle {
  tone: OptionTone;
  /** The agent remembers the choice (`*_always`): worth a visible marker. */
  remembered: boolean;
}

const STYLES: Record<string, OptionStyle> = {
  allow_once: { tone: 'allow', remembered: false },
  allow_always: { tone: 'allow', remembered: true },
  reject_once: { tone: 'reject', remembered: false },
  reject_always: { tone: 'reject', remembered: true },
};

const NEUTRAL: OptionStyle = { tone: 'neutral', remembered: false };

export function optionStyle(kind: string): OptionStyle {
  // Own keys only: a kind such as "constructor" must not reach Object.prototype.
  return (Object.hasOwn(STYLES, kind) ? STYLES[kind] : undefined) ?? NEUTRAL;
}
