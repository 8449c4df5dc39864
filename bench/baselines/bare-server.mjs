// The ceiling: a bare node:http server answering recorded responses (same bytes, same headers) from memory.
// usage: node bench/baselines/bare-server.mjs <port> <responses.json>
// responses.json: { "<METHOD> <path>": { "status": 200, "headers": {...}, "body": "<text>" } }
import http from 'node:http';
import fs from 'node:fs';

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
const answers = new Map(
  Object.entries(recorded).map(([key, r]) => [
    key,
    { status: r.status, headers: r.headers, body: Buffer.from(r.body) },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"code":"not_found","message":"not recorded"}}');
    }
    const send = () => {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    };
    if (req.method === 'PUT' || req.method === 'POST') {
      req.on('data', () => {});
      req.on('end', send);
    } else send();
  })
  .listen(Number(port), '127.0.0.1');
