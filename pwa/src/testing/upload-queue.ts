import type { SendResult, Sender, UploadAccount } from '../offline/uploads';

/** For the upload queue's tests: the account signed in on the device. */
export const olive: UploadAccount = { id: 'u-olive', name: 'olive@example.com' };

/** A photo as the workspace queues it, taken for `owner` (null: shared into the app, nobody's yet). */
export const queuedPhoto = (owner: UploadAccount | null = olive) => ({
  file: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }),
  fileName: 'room.jpg',
  fields: { stagingMode: 'stage', roomType: 'bedroom' },
  owner,
});

/** A server stand-in that answers from a script (then creates) and records the idempotency keys it saw. */
export function scripted(...answers: SendResult[]): Sender & { keys: string[] } {
  const keys: string[] = [];
  const send = ((record) => {
    keys.push(record.id);
    return Promise.resolve(answers.shift() ?? { kind: 'created', projectId: `p-${record.id}` });
  }) as Sender & { keys: string[] };
  send.keys = keys;
  return send;
}
