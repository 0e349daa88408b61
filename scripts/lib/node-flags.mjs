// The V8 flags every API and worker process runs with: `npm start`, the benchmarks and (as NODE_OPTIONS) the
// Docker image, which scripts/deploy-config.test.mjs holds to this list.
//
// A small young generation (2 MiB semi-spaces instead of Node 24's much larger default): the Buffers a
// server reads from sockets are freed by the next scavenge instead of piling up until V8's external-memory
// limit (~64 MiB) forces a full collection. Measured in docs/benchmarks.md ("Scenario `uploads`"): 10
// concurrent 10 MB uploads grow RSS by 33–34 MiB instead of 55–61, and the idle API holds ~170 MiB instead
// of ~300; the http scenario's CPU per request did not move beyond its noise. 8 MiB was weighed against
// /api/auth/me's p99 and kept out: uploads grew 50–57 MiB, and the p99 tail came from a state it does not prevent
// (docs/benchmarks.md, "seventh session"; `npm run bench -- http-gc`): V8's allocation-site pretenuring, which the
// processes turn off themselves (backend/src/infra/v8-flags.ts: Node refuses that flag in NODE_OPTIONS).
export const BACKEND_NODE_FLAGS = ['--max-semi-space-size=2'];
