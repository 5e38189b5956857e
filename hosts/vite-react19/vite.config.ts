import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  // The host matrix's second page: the panel as a custom element (see hosts/README.md).
  build: { rolldownOptions: { input: ['index.html', 'element.html'] } },
});
