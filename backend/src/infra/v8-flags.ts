// V8 settings the API and the worker set on themselves. main.ts and worker.ts import this module first, so the
// settings hold however the process is started (`npm start`, the image, `node dist/main.js` by hand) and before
// any framework code runs. (Flags V8 must have before it starts, such as the young generation's size, are given on
// the command line: scripts/lib/node-flags.mjs.)
//
// No allocation-site pretenuring. V8 watches object and array literals, and once the objects of one survive a
// scavenge at 85 % or more it allocates them straight in the old generation for the rest of the process's life.
// Under load at start-up a per-request literal can cross that line (Nest's `[req, res, next]` around an async
// guard is one such). From then on every request leaves that literal dead in the old generation, pointing at the
// request's young objects, so each scavenge keeps those alive and promotes them (~5 KB a request), and the full
// collections that follow are GET /api/auth/me's p99. It happened to 15 of 27 fresh processes without this and 0 of
// 47 with it, and nothing got slower (docs/benchmarks.md, "eighth session"; `npm run bench -- http-gc`). Node
// refuses this flag in NODE_OPTIONS, hence setting it here.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
