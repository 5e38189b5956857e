import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../src/styles/index.js';
import '../playground.css';
import { LauncherPage } from '../launcher/LauncherPage.js';
import { readParams } from '../params.js';
import { IdePage } from './IdePage.js';

/** Renders the page; the entry loads this module once zod is configured (see ../csp.ts). */
export function start() {
  const params = readParams();
  // With ?launcher= the user first picks the agent; the IDE then connects to it.
  createRoot(document.getElementById('root')!).render(
    <StrictMode>{params.launcherUrl ? <LauncherPage params={params} /> : <IdePage params={params} />}</StrictMode>,
  );
}
