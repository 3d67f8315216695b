import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { useTestApp } from '../../testing/use-test-app';

describe('preferences, profile image and account deletion over real HTTP', () => {
  const deletedByHook: string[] = [];
  const t = useTestApp({
    deps: {
      accountDeletedHooks: [
        (user) => {
          deletedByHook.push(user._id);
          return Promise.resolve();
        },
      ],
    },
  });
  const api = (path: string) => `${t.url}/api${path}`;

  it('returns the product defaults, then replaces whole groups', async () => {
    const { jar } = await signUp(t.url);
    expect(await (await jar.fetch(api('/user/preferences'))).json()).toEqual({
      emailNotifications: { project_completed: true, subscription_updates: true, marketing: false },
      inAppNotifications: { project_completed: true, tips: true },
      mlsProfile: 'other',
    });
    const put = await jar.fetch(
      api('/user/preferences'),
      json({ inAppNotifications: { project_completed: false, tips: false } }, { method: 'PUT' }),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      emailNotifications: { marketing: false },
      inAppNotifications: { project_completed: false, tips: false },
    });
    const partial = await jar.fetch(
      api('/user/preferences'),
      json({ inAppNotifications: { tips: true } }, { method: 'PUT' }),
    );
    expect(partial.status).toBe(400);
    expect(
      (
        (await (await jar.fetch(api('/user/preferences'))).json()) as {
          inAppNotifications: { tips: boolean };
        }
      ).inAppNotifications.tips,
    ).toBe(false);
    // The MLS alone, kept beside the notification groups; an unknown one is refused with a sentence.
    const mls = await jar.fetch(api('/user/preferences'), json({ mlsProfile: 'stellar' }, { method: 'PUT' }));
    expect(await mls.json()).toMatchObject({ mlsProfile: 'stellar', inAppNotifications: { tips: false } });
    const unknown = await jar.fetch(
      api('/user/preferences'),
      json({ mlsProfile: 'atlantis' }, { method: 'PUT' }),
    );
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(
      /Choose one of the listed MLS rules/,
    );
  });

  it("keeps each user's preferences to that user", async () => {
    const a = await signUp(t.url);
    const b = await signUp(t.url);
    const mine = { project_completed: false, subscription_updates: false, marketing: true };
    const put = await a.jar.fetch(
      api('/user/preferences'),
      json({ emailNotifications: mine }, { method: 'PUT' }),
    );
    expect(put.status).toBe(200);
    const seenByB = (await (await b.jar.fetch(api('/user/preferences'))).json()) as {
      emailNotifications: object;
    };
    expect(seenByB.emailNotifications).toEqual({
      project_completed: true,
      subscription_updates: true,
      marketing: false,
    });
    expect(
      ((await (await a.jar.fetch(api('/user/preferences'))).json()) as { emailNotifications: object })
        .emailNotifications,
    ).toEqual(mine);
  });

  it('needs a session for every user route', async () => {
    for (const [method, path] of [
      ['GET', '/user/preferences'],
      ['PUT', '/user/preferences'],
      ['POST', '/user/profile-image'],
      ['DELETE', '/user/account'],
    ] as const) {
      const res = await fetch(api(path), { method });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('re-encodes a profile picture to a small square without metadata, shown only to its owner', async () => {
    const a = await signUp(t.url);
    const b = await signUp(t.url);
    const photo = await makePhoto({ width: 1200, height: 800, gps: true });
    const res = await a.jar.fetch(api('/user/profile-image'), {
      method: 'POST',
      body: multipart({}, { data: photo }),
    });
    expect(res.status).toBe(200);
    const user = (await res.json()) as { profileImageUrl: string };
    expect(user.profileImageUrl).toMatch(new RegExp(`^/api/user/profile-image/${a.user.id}\\?v=1$`));
    const img = await a.jar.fetch(`${t.url}${user.profileImageUrl}`);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect((await b.jar.fetch(`${t.url}${user.profileImageUrl}`)).status).toBe(404);
    for (const [format, version] of [
      ['png', 2],
      ['webp', 3],
    ] as const) {
      const again = await a.jar.fetch(api('/user/profile-image'), {
        method: 'POST',
        body: multipart({}, { data: await makePhoto({ format }), name: `me.${format}` }),
      });
      expect(again.status, format).toBe(200);
      expect(((await again.json()) as { profileImageUrl: string }).profileImageUrl).toMatch(
        new RegExp(`\\?v=${version}$`),
      );
    }
  });

  it("refuses other types and files over 5 MB with the product's sentences", async () => {
    const { jar } = await signUp(t.url);
    const text = await jar.fetch(api('/user/profile-image'), {
      method: 'POST',
      body: multipart({}, { data: Buffer.from('hello'), name: 'me.png' }),
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toBe(
      'Invalid file type: Please select a JPEG, PNG, or WebP image.',
    );
    const big = Buffer.concat([await makePhoto(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await jar.fetch(api('/user/profile-image'), {
      method: 'POST',
      body: multipart({}, { data: big }),
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'File too large: Image size must be less than 5MB.',
    );
    expect((await (await jar.fetch(api('/auth/user'))).json()) as object).toMatchObject({
      profileImageUrl: null,
    });
  });

  it('deletes the account only on the exact confirmation, and then nothing of it can be read', async () => {
    const { jar, user, email, password } = await signUp(t.url);
    const bystander = await signUp(t.url);
    const other = jar.clone();
    const secondDevice = await fetch(api('/auth/login'), json({ email, password }, { method: 'POST' }));
    expect(secondDevice.status).toBe(200);
    const { repos, store } = t.deps;
    const project = await repos.projects.insert({
      ownerId: user.id,
      name: 'Living Room',
      stagingMode: 'stage',
      roomType: 'living-room',
      stylePreset: 'modern',
      colorPalette: null,
      customPrompt: null,
      engine: 'preview',
      images: {
        original: `projects/p-${user.id}/original.jpg`,
        thumb: `projects/p-${user.id}/thumb.webp`,
        staged: [],
      },
      width: 10,
      height: 10,
      creditMonth: '2026-11',
      expiresAt: null,
    });
    await store.blobs.put(project.images.original, Buffer.from('x'), 'image/jpeg');
    await store.blobs.put(project.images.thumb, Buffer.from('x'), 'image/webp');
    await repos.usage.reserveCredit(user.id, '2026-11', 5, 'p-1');
    await repos.idempotency.claim(user.id, 'key-1');
    await repos.idempotency.complete(user.id, 'key-1', project._id);
    await jar.fetch(api('/user/profile-image'), {
      method: 'POST',
      body: multipart({}, { data: await makePhoto() }),
    });
    await jar.fetch(
      api('/user/preferences'),
      json(
        { emailNotifications: { project_completed: false, subscription_updates: false, marketing: true } },
        { method: 'PUT' },
      ),
    );
    const wrong = await jar.fetch(
      api('/user/account'),
      json({ confirmationText: 'delete my account' }, { method: 'DELETE' }),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      "Invalid confirmation: Please type 'DELETE MY ACCOUNT' to confirm.",
    );
    const ok = await jar.fetch(
      api('/user/account'),
      json({ confirmationText: 'DELETE MY ACCOUNT' }, { method: 'DELETE' }),
    );
    expect(ok.status).toBe(200);
    expect(deletedByHook).toEqual([user.id]);
    expect((await other.fetch(api('/auth/user'))).status).toBe(401);
    expect((await fetch(api('/auth/login'), json({ email, password }, { method: 'POST' }))).status).toBe(401);
    expect(await t.deps.repos.preferences.get(user.id)).toBeNull();
    expect(await t.deps.store.blobs.get(`users/${user.id}/profile.webp`)).toBeNull();
    expect(await t.deps.store.collections.sessions.countDocuments({ userId: user.id })).toBe(0);
    expect(await repos.projects.findForOwner(user.id, project._id)).toBeNull();
    expect(await store.blobs.get(project.images.original)).toBeNull();
    expect(await store.blobs.get(project.images.thumb)).toBeNull();
    expect(await repos.usage.getUsed(user.id, '2026-11')).toBe(0);
    expect(await repos.idempotency.claim(user.id, 'key-1')).toEqual({ state: 'new' });
    expect(await repos.users.findById(user.id)).toBeNull();
    // Nobody else's data went with it.
    expect((await bystander.jar.fetch(api('/auth/user'))).status).toBe(200);
  });
});
