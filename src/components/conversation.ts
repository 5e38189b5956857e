/**
 * The conversation, fetched as one chunk the first time a page shows one (`load-conversation.ts`):
 * the thread with everything its items render, the markdown renderer (react-markdown, remark-gfm
 * and the parser: about 50 kB gzip) that answers and thoughts stream into, and the permission
 * prompts that nearly every turn with tools shows, and the sub-agent runs folded inside tool call cards. Every session's first turn needs all three;
 * as separate `import()`s each cost that turn a request of its own (and a host's bundler would
 * split their shared code into more files). Rarer parts (diffs, terminals, forms, the
 * highlighter, a long thread's virtualizer) stay on demand from inside it.
 *
 * It is also the way to what renders only beside a conversation but is asked for from outside it:
 * it holds the budget notes and a failed part's fallback (`on-demand-notes.tsx`) and a turn's
 * change summary, and the change review is imported from here (`loadChangeReview`). Fetched apart,
 * each was a way to reach the code they share with the thread (the copy button, the notes, the
 * diff card, the highlighter) without the conversation loaded, so a host's bundler split that
 * code into files of its own, each one more request before the first answer shows (host matrix:
 * test/hosts/first-page.test.ts). A dynamic import made from inside this chunk tells the bundler
 * the conversation is loaded by then, so the code they share stays here.
 *
 * Load it through `load-conversation.ts`, never import it statically.
 */
export { ThreadLoaded } from './Thread/ThreadLoaded.js';
export { MemoMarkdownBlock } from './Markdown/MarkdownBlock.js';
export { PermissionPromptLoaded } from './PermissionPrompt/PermissionPromptLoaded.js';
export { PermissionQueueLoaded } from './PermissionPrompt/PermissionQueueLoaded.js';
export { SubagentRunLoaded } from './ToolCall/SubagentRunLoaded.js';
export { PlansLoaded } from './Plan/PlansLoaded.js';
export { CutNoteLoaded, JsonNotesLoaded } from './shared/BudgetNote.js';
export { PartErrorLoaded } from './shared/PartErrorLoaded.js';
export { ChangeSummaryLoaded } from './ChangeReview/ChangeSummaryLoaded.js';

/** The change review, fetched from inside this chunk (see above). */
export const loadChangeReview = () => import('./ChangeReview/ChangeReviewLoaded.js');
