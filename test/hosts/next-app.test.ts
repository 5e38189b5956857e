// The quick start in next-app: see harness.ts and hosts/README.md.
import { describeHost } from './harness';

describeHost('next-app');
