/**
 * Mentions: the host's things (files, symbols, notebook cells…) the user pulls into a prompt
 * with `@`. The host lists them through a `MentionSource`; the prompt keeps a chosen one as a
 * `MentionRef` (what survives in a draft string) and reads its content only when sending.
 */

/** What a mention points at, as kept in the draft: enough to show it and to read it later. */
export interface MentionRef {
  /** The resource's URI, sent to the agent (`file:///…`, `notebook://…#cell-2`). */
  uri: string;
  /** What the chip shows (`greeting.ts`, `Cell 2`). */
  label: string;
  /** The host's kind (`file`, `symbol`, `cell`…), for the icon and the host's own use. */
  kind?: string;
}

/** One entry of the `@` menu. */
export interface MentionItem extends MentionRef {
  /** A second line: a path, a cell's first line, a signature. */
  detail?: string;
  /** A short glyph or emoji shown before the label; the kind's default icon otherwise. */
  icon?: string;
}

/** Entries under one heading (Files, Cells…). */
export interface MentionGroup {
  label: string;
  items: MentionItem[];
}

/** A mention's content, as read when the prompt is sent. */
export type MentionContent = { text: string; mimeType?: string } | { blob: string; mimeType: string };

export interface MentionSearchOptions {
  /** Aborted when the user typed on or closed the menu: stop the work, the answer is discarded anyway. */
  signal: AbortSignal;
}

/**
 * The host's mentionable things. `search` is called (debounced) as the user types after `@`,
 * with `''` right after the `@`; `read` once per mention when the prompt is sent, and only when
 * the agent accepts embedded context (otherwise the mention goes as a link and is never read).
 * A host that cannot read what it lists (files on the agent's own disk) leaves `read` out: every
 * mention then goes as a `resource_link`, for the agent to read itself.
 */
export interface MentionSource {
  search(query: string, options: MentionSearchOptions): Promise<readonly MentionGroup[]>;
  read?(mention: MentionRef, options: MentionSearchOptions): Promise<MentionContent>;
}
