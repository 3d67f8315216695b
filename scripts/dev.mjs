// `npm run dev`: the BFF (restarting on change) behind the Vite dev server's /api proxy.
import { spawn } from 'node:child_process';

const bffPort = process.env.BFF_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', 'bff/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: bffPort, HOST: '127.0.0.1', NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, BFF_PORT: bffPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
