import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import sharp from 'sharp';
import { finishSignUp } from '../e2e/support/accounts';
import { makeTwelveMegapixelPhoto } from './intake.bench';
import { noChromium, openBrowser, startAppServer, track } from './support/resources';
import type { Bench, BenchRow } from './types';

const TARGET_KB = 600;
/** The resize may step down to 2048 px to stay within budget (design.md: long edge 2048-3072). */
const LONG_EDGE = { min: 2048, max: 3072 };

interface SeenUpload {
  /** The whole multipart body, as it left the browser. */
  bodyBytes: number;
  image: Buffer;
}

/** One request as it left the browser: its request line and headers, and its body. */
interface SeenRequest {
  method: string;
  path: string;
  headerBytes: number;
  bodyBytes: number;
}

/**
 * A pass-through proxy in front of the BFF that counts every request the browser sends (request line,
 * headers and body), and keeps the image part of each staging upload (POST /api/projects or
 * /api/demo/stage) to look at. Host and Origin pass unchanged; the server's PUBLIC_URL is the proxy's address,
 * so its same-origin check sees the browser's requests as its own.
 */
async function countingProxy(target: { port: number }) {
  const uploads: ((u: SeenUpload) => void)[] = [];
  const seen: SeenRequest[] = [];
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headerBytes =
        `${req.method} ${req.url} HTTP/1.1\r\n`.length +
        req.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0) +
        2;
      seen.push({ method: req.method ?? '', path: req.url ?? '', headerBytes, bodyBytes: body.length });
      if (req.method === 'POST' && (req.url === '/api/projects' || req.url === '/api/demo/stage')) {
        const parts: Buffer[] = [];
        const bb = busboy({ headers: req.headers });
        bb.on('file', (name, stream) => stream.on('data', (c: Buffer) => name === 'image' && parts.push(c)));
        bb.on('close', () => uploads.shift()?.({ bodyBytes: body.length, image: Buffer.concat(parts) }));
        bb.end(body);
      }
      const forward = http.request(
        { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url,
    /** The next staging upload. */
    nextUpload: () => new Promise<SeenUpload>((resolve) => uploads.push(resolve)),
    /** Starts counting afresh; `sent()` is everything the browser sent since. */
    reset: () => void seen.splice(0),
    sent: () => [...seen],
    close: () => new Promise<void>((r) => proxy.close(() => r())),
  };
}

const total = (requests: SeenRequest[]) => requests.reduce((n, r) => n + r.headerBytes + r.bodyBytes, 0);
const bodyOf = (requests: SeenRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === path).reduce((n, r) => n + r.bodyBytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** What the app uploads for one 12 MP phone photo: the real PWA (its resize included) in headless Chromium. */
export const uploadBytesBench: Bench = {
  name: 'upload',
  async run(args) {
    const skipped = noChromium();
    if (skipped) return skipped;
    const photoArg = args.indexOf('--photo');
    const photoPath = photoArg >= 0 ? args[photoArg + 1] : undefined;
    const photo = photoPath ? await readFile(photoPath) : await makeTwelveMegapixelPhoto();
    const meta = await sharp(photo).metadata();
    // The measured code is the current source: startAppServer builds the PWA when it is stale.
    const target = { port: 0 };
    const proxy = await countingProxy(target);
    const closeProxy = track(proxy.close);
    const server = await startAppServer({ PUBLIC_URL: proxy.url });
    target.port = server.port;
    const { browser, close } = await openBrowser();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const email = `bench-${Date.now()}@example.com`;
      const res = await page.request.post(`${proxy.url}/api/auth/register`, {
        headers: { Origin: proxy.url },
        data: { email, password: 'bright kitchen 42', firstName: 'Bench' },
      });
      if (res.status() !== 202) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
      await finishSignUp(page.request, server.url, email, proxy.url);
      await page.goto(`${proxy.url}/app`);
      await page.waitForLoadState('networkidle');
      const file = { name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: photo };

      // Pick then generate in the workspace: the analysis copy, the upload and everything else sent.
      proxy.reset();
      await page.getByLabel('Choose a photo').setInputFiles(file);
      await page
        .getByText(/Preview mode cannot recognise rooms|Detected/)
        .first()
        .waitFor({ timeout: 60_000 });
      const started = Date.now();
      const upload = proxy.nextUpload();
      await page.getByRole('button', { name: 'Generate Staging' }).click();
      const seen = await upload;
      const tookMs = Date.now() - started;
      await page.waitForLoadState('networkidle');
      const workspace = proxy.sent();
      const workspaceBytes = total(workspace);

      // A visitor's demo run on the landing page: pick, analysis, Stage This Room.
      const visitor = await browser.newContext();
      const landing = await visitor.newPage();
      await landing.goto(proxy.url, { waitUntil: 'networkidle' });
      proxy.reset();
      await landing.getByLabel('Browse files').setInputFiles(file);
      await landing.getByLabel('Room type', { exact: true }).selectOption('living-room', { timeout: 60_000 });
      const demoUpload = proxy.nextUpload();
      await landing.getByRole('button', { name: 'Stage This Room' }).click();
      const demoSeen = await demoUpload;
      await landing.waitForLoadState('networkidle');
      const demo = proxy.sent();
      const demoBytes = total(demo);
      const demoImage = await sharp(demoSeen.image).metadata();
      await visitor.close();

      const sent = await sharp(seen.image).metadata();
      // Orientation 6 is stored landscape and shown portrait: an upright upload is taller than wide.
      const upright = (meta.orientation ?? 1) >= 5 ? sent.height > sent.width : sent.width >= sent.height;
      const rows: BenchRow[] = [
        {
          figure: 'photo',
          value: `${meta.width}x${meta.height} ${meta.format}, EXIF orientation ${meta.orientation ?? 1}, ${(photo.length / 1024 / 1024).toFixed(1)} MB${photoPath ? ` (${photoPath})` : ' (generated)'}`,
        },
        {
          figure: 'workspace pick then Generate: every byte sent (all requests, headers included)',
          value: `${kb(workspaceBytes)} in ${workspace.length} requests (analysis ${kb(bodyOf(workspace, '/api/analyze'))}, upload ${kb(seen.bodyBytes)}, image part ${kb(seen.image.length)})`,
          target: `<= ${TARGET_KB} KB`,
          ok: workspaceBytes / 1024 <= TARGET_KB,
          data: {
            totalBytes: workspaceBytes,
            analyzeBytes: bodyOf(workspace, '/api/analyze'),
            bodyBytes: seen.bodyBytes,
            imageBytes: seen.image.length,
            originalBytes: photo.length,
          },
        },
        {
          figure: 'landing demo run (pick, Stage This Room): every byte sent',
          value: `${kb(demoBytes)} in ${demo.length} requests (analysis ${kb(bodyOf(demo, '/api/analyze'))}, upload ${kb(demoSeen.bodyBytes)}, ${demoImage.width}x${demoImage.height})`,
          target: `<= ${TARGET_KB} KB`,
          ok: demoBytes / 1024 <= TARGET_KB,
          data: {
            totalBytes: demoBytes,
            analyzeBytes: bodyOf(demo, '/api/analyze'),
            bodyBytes: demoSeen.bodyBytes,
          },
        },
        {
          figure: 'uploaded image: size, format, EXIF orientation applied',
          value: `${sent.width}x${sent.height} ${sent.format}, ${upright ? 'upright' : 'NOT upright'}`,
          target: `long edge ${LONG_EDGE.min}-${LONG_EDGE.max}, upright`,
          ok:
            upright &&
            Math.max(sent.width, sent.height) >= LONG_EDGE.min &&
            Math.max(sent.width, sent.height) <= LONG_EDGE.max,
          data: { width: sent.width, height: sent.height },
        },
        {
          figure: 'from Generate to the upload request (resize in the browser included)',
          value: `${tookMs} ms`,
          data: { ms: tookMs },
        },
      ];
      await context.close();
      return rows;
    } finally {
      await close();
      await closeProxy();
      await server.stop();
    }
  },
};
