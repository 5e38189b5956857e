import { createContext } from 'react';
import { markdownMessages, type MarkdownMessages } from './messages.js';

/**
 * Options the element renderers read. Passed by context, not by closures, so the renderer map
 * stays one constant object and memoized blocks are not invalidated by a new map every render;
 * a change here still reaches them (context crosses memo boundaries).
 */
export interface MarkdownOptions {
  allowRemoteImages: boolean;
  messages: MarkdownMessages;
}

export const MarkdownContext = /* @__PURE__ */ createContext<MarkdownOptions>({
  allowRemoteImages: false,
  messages: markdownMessages,
});
