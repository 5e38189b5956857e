import { Component, type ReactNode } from 'react';
import { PartError } from './on-demand-notes.js';

export interface PartBoundaryProps {
  children?: ReactNode;
  /** The part's raw text (message text, JSON, diff source), read only if the part failed. */
  rawText: () => string;
  /** A new value (the item, the block's source) tries rendering the part again. */
  resetKey?: unknown;
  /** Puts the fallback in the frame the part would have had (its children draw their own). */
  frame?: (fallback: ReactNode) => ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Contains a render failure to one part of the thread (an item, a tool call's output, a markdown
 * block): the part shows "Could not display this part" with its raw text to read and copy, and
 * everything else (the rest of the thread, the prompt, the session) keeps working. Whatever an
 * agent sends must never unmount the panel. React reports the error on the console. The
 * fallback's code (`PartErrorLoaded.tsx`) is fetched the first time a part fails.
 */
export class PartBoundary extends Component<PartBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: PartBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const fallback = <PartError error={error} rawText={this.props.rawText} />;
    return this.props.frame ? this.props.frame(fallback) : fallback;
  }
}
