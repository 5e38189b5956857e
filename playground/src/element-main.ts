import './csp.js';

// The page is imported after zod is configured, dynamically: a static import could be evaluated
// first, whatever its place in this file (see csp.ts).
void import('./element/start.js').then((page) => page.start());
