// @ts-check
/**
 * The fixed texts of the plan documents (Markdown `plan_update`s, sent to clients that take plan
 * operations): the default turn's design and `/plan`'s draft.
 */
import { GREETING_FILE } from './content.mjs';

/** Where the default turn says it keeps its plan document (relative to the session's cwd). */
export const DEFAULT_PLAN_FILE = 'PLAN.md';

/** The default turn's plan document (a Markdown `plan_update`, to clients that take plan operations). */
export const DEFAULT_PLAN_DOCUMENT = `# Punctuation option for \`greet()\`

## Goal

Let callers choose the punctuation \`greet()\` ends with, without changing today's output.

## Steps

1. Read \`${GREETING_FILE}\` and note every caller of \`greet()\`.
2. Add \`GreetOptions\` with an optional \`punctuation\` (default \`!\`).
3. Extract \`formatName()\` and reuse \`greet()\` in \`greetAll()\`.
4. Run the test suite.

## Out of scope

- Localised greetings
`;

/** `/plan`'s draft (a Markdown `plan_update` without a path, removed when the checklist is done). */
export const PLAN_DRAFT_DOCUMENT = `# Draft: a settings screen

- Who changes which setting, and how often?
- One page or tabs?
- Save on change, or an explicit **Save**?
`;
