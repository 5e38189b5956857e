/**
 * One disclosure for every fold (plan, thought, tool call body, raw payloads, message blocks),
 * in the react-aria shape: the state comes in (controlled or not, see `useControllableState`),
 * props for the trigger button and the panel come out.
 *
 * The panel is rendered `hidden` while closed and upgraded to `hidden="until-found"`
 * (`useUntilFound`), so find-in-page still reaches folded text and opens the fold. Both parts
 * carry `data-state="open|closed"` for styling.
 */
import { useCallback, useId, useRef } from 'react';
import { useControllableState } from './use-controllable-state.js';
import { useUntilFound } from './use-until-found.js';

export type DisclosureState = 'open' | 'closed';

export interface DisclosureTriggerProps {
  type: 'button';
  'aria-expanded': boolean;
  'aria-controls': string;
  'data-state': DisclosureState;
  onClick: () => void;
}

export interface DisclosurePanelProps {
  id: string;
  ref: (element: HTMLDivElement | null) => void;
  hidden: boolean;
  'data-state': DisclosureState;
}

export interface Disclosure {
  open: boolean;
  state: DisclosureState;
  setOpen: (open: boolean) => void;
  triggerProps: DisclosureTriggerProps;
  panelProps: DisclosurePanelProps;
}

/** Trigger and panel props for a fold whose state the caller already holds. */
export function useDisclosure(open: boolean, setOpen: (open: boolean) => void): Disclosure {
  const panelId = useId();
  const latest = useRef(open);
  latest.current = open;
  const setRef = useRef(setOpen);
  setRef.current = setOpen;
  const reveal = useCallback(() => setRef.current(true), []);
  const toggle = useCallback(() => setRef.current(!latest.current), []);
  const panelRef = useUntilFound<HTMLDivElement>(open, reveal);
  const state: DisclosureState = open ? 'open' : 'closed';
  return {
    open,
    state,
    setOpen,
    triggerProps: { type: 'button', 'aria-expanded': open, 'aria-controls': panelId, 'data-state': state, onClick: toggle },
    panelProps: { id: panelId, ref: panelRef, hidden: !open, 'data-state': state },
  };
}

export interface DisclosureOptions {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** A fold that is open/closed by `open` / `defaultOpen` / `onOpenChange` (closed by default). */
export function useControllableDisclosure({ open, defaultOpen = false, onOpenChange }: DisclosureOptions): Disclosure {
  const [isOpen, setOpen] = useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
  return useDisclosure(isOpen, setOpen);
}
