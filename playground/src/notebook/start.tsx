import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../src/styles/index.js';
import '../playground.css';
import './notebook.css';
import { NotebookPage } from './NotebookPage.js';

/** Renders the page; the entry loads this module once zod is configured (see ../csp.ts). */
export function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <NotebookPage />
    </StrictMode>,
  );
}
