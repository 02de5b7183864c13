/**
 * Node flags of the API process, for `npm start`, the systemd API unit (docs/deploy.md) and `bench:api` alike.
 * A 32 MB young generation: the upload routes allocate fast (bodies, parsed documents), and with V8's default each
 * scavenge pause lands on a request. bench:api's bomb storm, /healthz p99 64/62 → 46/66 ms and max 120/89 →
 * 97/86 ms (two A/B runs each, load 1.4–2.8).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
