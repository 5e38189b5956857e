/**
 * zod (used by the ACP SDK) probes for `new Function` support at first use; under a strict
 * Content-Security-Policy that probe is reported as a violation. Hosts with a strict CSP turn the
 * probe off once, before the first connection, as the playground does here.
 */
import { config } from 'zod';

config({ jitless: true });
