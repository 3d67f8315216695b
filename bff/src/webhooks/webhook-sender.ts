import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup } from '../push';

/** The receiver's status, or null with the reason when it could not be reached. */
export type SendResult = { status: number } | { status: null; error: string };

/** One POST of the JSON body, no redirects followed, bounded by `timeoutMs`; inside addresses refused at connect. */
export function postWebhook(
  endpoint: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  checkAddress: boolean,
): Promise<SendResult> {
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      signal: AbortSignal.timeout(timeoutMs),
      ...(checkAddress ? { lookup: publicOnlyLookup } : {}),
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(body);
  });
}
