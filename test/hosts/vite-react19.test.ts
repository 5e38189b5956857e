// The quick start in vite-react19: see harness.ts and hosts/README.md.
import { describeHost } from './harness';

// Its second page mounts the panel as a custom element (hosts/vite-react19/element.html).
describeHost('vite-react19', { elementPage: 'element.html' });
