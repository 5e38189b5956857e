// The quick start in vite-react18: see harness.ts and hosts/README.md.
import { describeHost } from './harness';

describeHost('vite-react18');
