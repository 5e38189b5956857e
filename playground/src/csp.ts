/**
 * zod (used by the ACP SDK) probes for `new Function` support when the SDK builds its schemas,
 * as the SDK's modules are evaluated; under a strict Content-Security-Policy that probe is
 * reported as a violation. Hosts with a strict CSP turn the probe off before the SDK loads. The
 * order matters: a bundler may put the SDK in a chunk the entry's first static import already
 * depends on, so the entries configure zod here and import the page dynamically after it.
 */
import { config } from 'zod';

config({ jitless: true });
