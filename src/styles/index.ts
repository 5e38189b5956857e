/**
 * Loads every stylesheet of the library in a Vite context (Storybook, the playground, tests).
 * The published `acp-react/styles.css` is the same set concatenated by scripts/build.mjs.
 */
import './tokens.css';

import.meta.glob('../components/**/*.css', { eager: true });
