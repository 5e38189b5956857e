/**
 * The conversation, fetched as one chunk the first time a page shows one (`load-conversation.ts`):
 * the thread with everything its items render, the markdown renderer (react-markdown, remark-gfm
 * and the parser: about 50 kB gzip) that answers and thoughts stream into, and the permission
 * prompts that nearly every turn with tools shows, and the sub-agent runs folded inside tool call cards. Every session's first turn needs all three;
 * as separate `import()`s each cost that turn a request of its own (and a host's bundler would
 * split their shared code into more files). Rarer parts (diffs, terminals, forms, the
 * highlighter, a long thread's virtualizer) stay on demand from inside it.
 *
 * Load it through `load-conversation.ts`, never import it statically.
 */
export { ThreadLoaded } from './Thread/ThreadLoaded.js';
export { MemoMarkdownBlock } from './Markdown/MarkdownBlock.js';
export { PermissionPromptLoaded } from './PermissionPrompt/PermissionPromptLoaded.js';
export { PermissionQueueLoaded } from './PermissionPrompt/PermissionQueueLoaded.js';
export { SubagentRunLoaded } from './ToolCall/SubagentRunLoaded.js';
