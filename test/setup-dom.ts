import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { preloadComponents } from '../src/components/shared/lazy-module.js';

// Components fetch their heavy parts on demand (see lazy-module.ts). Loading the ones the test
// file imported up front lets tests render them synchronously; test/components/LazyModule.test.tsx
// covers the fallback, the load and the failure paths themselves.
beforeAll(() => preloadComponents());

afterEach(() => {
  cleanup();
});
