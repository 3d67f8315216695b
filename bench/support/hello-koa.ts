import { readFileSync } from 'node:fs';
import Koa from 'koa';

/**
 * The baselines of the API bench, run as a process of their own like the BFF: a bare Koa hello-world at
 * `/`, and at `/payload` the same JSON as the measured endpoint (PAYLOAD_FILE), to tell what the bytes
 * alone cost from what the app's work costs.
 */
const payload: unknown = process.env.PAYLOAD_FILE
  ? JSON.parse(readFileSync(process.env.PAYLOAD_FILE, 'utf8'))
  : null;
const app = new Koa();
app.use((ctx) => {
  ctx.body = ctx.path === '/payload' ? payload : 'Hello World';
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
