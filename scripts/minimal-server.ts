/**
 * `node scripts/minimal-server.ts <responses.json> <port>`: the bench's baseline. A plain Node HTTP server
 * that answers each path with fixed bytes and headers (our own responses, captured by the bench), doing
 * nothing else, so our figures can be read as a share of what Node itself can serve on this machine.
 *
 * responses.json: [{ "path": "/search?…", "status": 200, "headers": [[name, value], …], "body": base64 }]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Captured {
  path: string;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('Usage: node scripts/minimal-server.ts <responses.json> <port>');
  process.exit(2);
}
const responses = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as Captured[]).map((r) => [
    r.path,
    { status: r.status, headers: r.headers.flat(), body: Buffer.from(r.body, 'base64') },
  ]),
);
createServer((req, res) => {
  const response = responses.get(req.url ?? '/');
  if (!response) return void res.writeHead(404).end();
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
