/**
 * node-forge loads with the first certificate or CMS structure built or read, not at start-up: a
 * process that signs nothing (or a later start, its sandbox PKI already on disk) never holds it.
 * A synchronous require: its callers (certificate issuing, CMS assembly) are synchronous.
 */
import { createRequire } from 'node:module';
import type Forge from 'node-forge';

const require = createRequire(import.meta.url);
let forge: typeof Forge | undefined;

export const loadForge = (): typeof Forge => (forge ??= require('node-forge') as typeof Forge);
