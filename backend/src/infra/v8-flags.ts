// V8 settings the API and the worker set on themselves. main.ts and worker.ts import this module first, so the
// settings hold however the process is started (`npm start`, the image, `node dist/main.js` by hand) and before
// any framework code runs. (Flags V8 must have before it starts, such as the young generation's size, are given on
// the command line: scripts/lib/node-flags.mjs.)
//
// No allocation-site pretenuring. Under load at start-up V8 can judge a per-request literal long-lived (Nest's
// `[req, res, next]` around an async guard, mostly) and allocate it in the old generation from then on; dead there,
// it keeps each request's young objects alive into the old generation too, and the full collections that follow
// were GET /api/auth/me's p99 (docs/benchmarks.md, "eighth session"; docs/decisions.md, Memory). Node refuses this
// flag in NODE_OPTIONS, hence setting it here.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
