import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdApiKeySchema,
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookPayloadSchema,
  WEBHOOK_URL_REFUSED,
  type Project,
} from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { addRoom, createProperty } from '../../testing/property-helpers';
import { stageRooms } from '../../testing/property-rooms';
import { STAGE_FIELDS } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { postWebhook, verifyWebhook } from '../../webhooks';

/** A receiver on 127.0.0.1 that keeps what it was sent and answers `answer`. */
class LoopbackReceiver {
  readonly received: { headers: IncomingHttpHeaders; body: string }[] = [];
  answer = 200;
  private waiters: (() => void)[] = [];
  private readonly server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body });
      res.statusCode = this.answer;
      res.end();
      for (const w of this.waiters.splice(0)) w();
    });
  });
  url = '';
  async listen() {
    this.server.listen(0, '127.0.0.1');
    await new Promise<void>((r) => this.server.once('listening', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close = () => new Promise<void>((r) => this.server.close(() => r()));
  /** Resolves once `count` requests have arrived (waits on arrivals, not on time). */
  async waitFor(count: number, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.received.length} webhooks arrived`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 1000);
      });
    }
  }
}

describe('webhooks: signed deliveries to an allowed loopback receiver', () => {
  const receiver = new LoopbackReceiver();
  beforeAll(() => receiver.listen());
  afterAll(() => receiver.close());
  // Loopback is reachable only because the operator setting names it, as PUSH_SERVICE_ORIGINS does for push.
  const t = useTestApp({ worker: true, env: () => ({ WEBHOOK_ALLOWED_ORIGINS: receiver.url }) });
  const api = (path: string) => `${t.url}/api${path}`;

  it('stages a photo with a key and delivers a signed project.finished; listed, and replayable', async () => {
    const { jar } = await signUp(t.url);
    const hook = await jar.fetch(
      api('/user/webhooks'),
      json(
        { url: `${receiver.url}/hooks`, events: ['project.finished', 'project.failed'] },
        { method: 'POST' },
      ),
    );
    expect(hook.status).toBe(201);
    const { webhook, secret } = createdWebhookSchema.parse(await hook.json());
    expect(secret).toMatch(/^whsec_/);
    const keyRes = await jar.fetch(
      api('/user/api-keys'),
      json({ name: 'ci', scopes: ['staging'] }, { method: 'POST' }),
    );
    const { secret: key } = createdApiKeySchema.parse(await keyRes.json());

    const before = receiver.received.length;
    const body = multipart(STAGE_FIELDS, { data: await makePhoto({ width: 800, height: 600 }) });
    const res = await fetch(api('/projects'), {
      method: 'POST',
      body,
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    await receiver.waitFor(before + 1);

    const got = receiver.received[before]!;
    const headers = {
      id: String(got.headers['webhook-id']),
      timestamp: String(got.headers['webhook-timestamp']),
      signature: String(got.headers['webhook-signature']),
    };
    expect(headers.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(verifyWebhook(secret, headers, got.body)).toBe(true);
    expect(verifyWebhook(secret, headers, got.body.replace('finished', 'failed'))).toBe(false);
    expect(verifyWebhook(`whsec_${Buffer.alloc(24).toString('base64')}`, headers, got.body)).toBe(false);
    const payload = webhookPayloadSchema.parse(JSON.parse(got.body));
    expect(payload).toMatchObject({
      type: 'project.finished',
      data: { projectId: project.id, status: 'completed' },
    });

    const list = webhookDeliveryListSchema.parse(
      await (await jar.fetch(api(`/user/webhooks/${webhook.id}/deliveries`))).json(),
    );
    expect(list.deliveries[0]).toMatchObject({
      id: headers.id,
      status: 'delivered',
      lastStatus: 200,
      attempts: 1,
    });

    // A replay sends the same id and body again, with a fresh signature; a refusal is shown as the last status.
    receiver.answer = 500;
    const replay = await jar.fetch(api(`/user/webhooks/${webhook.id}/deliveries/${headers.id}/replay`), {
      method: 'POST',
    });
    expect(replay.status).toBe(200);
    expect(webhookDeliverySchema.parse(await replay.json())).toMatchObject({
      status: 'pending',
      lastStatus: 500,
    });
    receiver.answer = 200;
    const again = receiver.received.at(-1)!;
    expect(again.headers['webhook-id']).toBe(headers.id);
    expect(again.body).toBe(got.body);
  });

  it("tells property.finished once the last of a property's rooms is staged", async () => {
    const { jar, user } = await signUp(t.url);
    const hook = await jar.fetch(
      api('/user/webhooks'),
      json({ url: `${receiver.url}/property`, events: ['property.finished'] }, { method: 'POST' }),
    );
    expect(hook.status).toBe(201);
    const property = await createProperty(t, jar, { name: '12 Harbor Rd' });
    const rooms = [await addRoom(t, jar, property.id), await addRoom(t, jar, property.id)];
    const before = receiver.received.length;
    const staged = await stageRooms((u, i) => jar.fetch(u, i), t.url, property.id, {
      roomIds: rooms.map((r) => r.id),
      stylePreset: 'scandinavian',
    });
    expect(staged.status).toBe(201);
    await receiver.waitFor(before + 1);
    const bodies = receiver.received.slice(before).map((r) => webhookPayloadSchema.parse(JSON.parse(r.body)));
    expect(bodies[0]).toMatchObject({ type: 'property.finished', data: { propertyId: property.id } });
    // Sent when the last room finished: by then no room of the property is left to stage.
    expect(await t.deps.repos.projects.unfinishedInProperty(user.id, property.id)).toBe(0);
  });

  it('refuses loopback, link-local and private targets the setting does not name, and plain http', async () => {
    const { jar } = await signUp(t.url);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      'http://example.com/hook',
      `${receiver.url.replace('127.0.0.1', 'localhost')}/hook`,
    ]) {
      const res = await jar.fetch(
        api('/user/webhooks'),
        json({ url, events: ['project.finished'] }, { method: 'POST' }),
      );
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { message: string }).message, url).toBe(WEBHOOK_URL_REFUSED);
    }
  });

  it('refuses at send time a name that resolves to an inside address', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const result = await postWebhook(`http://localhost:${port}/hook`, {}, '{}', 5000, true);
    expect(result.status).toBeNull();
    expect(receiver.received.length).toBe(before);
  });
});
