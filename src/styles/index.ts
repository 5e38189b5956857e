/**
 * Loads every stylesheet of the library in a Vite context (Storybook, the playground, tests).
 * The published `acp-react/styles.css` is the same set concatenated by scripts/build.mjs, in the
 * same order: the tokens and shared rules first, then each component's sheet and each panel's, which may refine
 * them at equal specificity. Both are eager globs on purpose: Vite hoists an eager glob's imports
 * to the top of the module, above a plain `import './tokens.css'`, which put the tokens last.
 */
import.meta.glob('./tokens.css', { eager: true });
import.meta.glob('../components/**/*.css', { eager: true });
import.meta.glob('../panels/**/*.css', { eager: true });
