import './csp.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/styles/index.js';
import './playground.css';
import { IdePage } from './ide/IdePage.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IdePage />
  </StrictMode>,
);
