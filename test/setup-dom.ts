import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { preloadComponents } from '../src/components/shared/lazy-module.js';

// Components fetch their heavy parts on demand (see lazy-module.ts). Loading the ones the test
// file imported up front lets tests render them synchronously; test/components/LazyModule.test.tsx
// covers the fallback, the load and the failure paths themselves.
beforeAll(() => preloadComponents());

// `findBy…`/`waitFor` return as soon as their condition holds; the limit only decides when a
// wait gives up. Testing Library's 1 s default is less than a 2-core CI machine running three test
// projects at once needs for on-demand chunks and work deferred past paint (a big diff, a
// highlighter): those waits failed there while the behaviour was right.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
