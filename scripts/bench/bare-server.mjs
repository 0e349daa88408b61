// The comparison server for the http scenario: node:http answering fixed responses, nothing else.
// Usage: node bare-server.mjs <port> <responses.json>   where responses.json is
//   { "/api/health": { "contentType": "...", "headers": { ... }, "bodyBase64": "..." }, ... }
// It replays the backend's headers too (security headers, request id), so both send the same bytes.
// Prints "listening <port>" when ready.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, file] = process.argv.slice(2);
const table = new Map();
for (const [path, r] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
  const body = Buffer.from(r.bodyBase64, 'base64');
  table.set(path, { body, headers: { ...(r.headers ?? {}), 'content-type': r.contentType, 'content-length': body.length } });
}
const notFound = Buffer.from('{"message":"Not found"}');

const server = http.createServer((req, res) => {
  const r = table.get(req.url);
  if (!r) {
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': notFound.length });
    return res.end(notFound);
  }
  res.writeHead(200, r.headers);
  res.end(r.body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`listening ${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
