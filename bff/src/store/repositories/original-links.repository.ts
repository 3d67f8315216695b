import { createHash } from 'node:crypto';
import type { OriginalLinkDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

/** Letters and digits a person reads and types without mistaking one for another (no 0/o, 1/l). */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const ORIGINAL_CODE_LENGTH = 10;
export const ORIGINAL_CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${ORIGINAL_CODE_LENGTH}}$`);

/**
 * The code of a target's original under one share: derived from the share's secret token, so it is as
 * hard to guess, the same on every download (no race between two) and new once the share is renewed.
 */
export function originalCode(shareToken: string, targetId: string): string {
  const digest = createHash('sha256').update(`${shareToken}:${targetId}`).digest();
  let code = '';
  for (let i = 0; i < ORIGINAL_CODE_LENGTH; i++) code += ALPHABET[digest[i]! % ALPHABET.length];
  return code;
}

export type OriginalTarget =
  { kind: 'project'; projectId: string } | { kind: 'room'; propertyId: string; roomId: string };

/** The short addresses of originals, and their archives once a listing is deleted. */
export function originalLinksRepository(
  links: DocCollection<OriginalLinkDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /** The link of `target` under `shareToken`, made the first time it is asked for. */
    async ensure(ownerId: string, shareToken: string, target: OriginalTarget): Promise<string> {
      const targetId = target.kind === 'project' ? target.projectId : target.roomId;
      const code = originalCode(shareToken, targetId);
      await links.updateOne(
        { _id: code },
        {
          $setOnInsert: {
            ownerId,
            shareToken,
            projectId: target.kind === 'project' ? target.projectId : null,
            propertyId: target.kind === 'room' ? target.propertyId : null,
            roomId: target.kind === 'room' ? target.roomId : null,
            createdAt: now(),
          },
        },
        { upsert: true },
      );
      return code;
    },
    find: (code: string) => links.findOne({ _id: code }),
    /** Live links of a project or a property (those a delete would break). */
    liveFor: async (ownerId: string, of: { projectId: string } | { propertyId: string }) =>
      (await links.find({ ownerId, ...of })).filter((l) => !l.archive),
    async archive(code: string, archive: NonNullable<OriginalLinkDoc['archive']>): Promise<void> {
      await links.updateOne(
        { _id: code },
        { $set: { archive, projectId: null, propertyId: null, roomId: null } },
      );
    },
    deleteLive: async (ownerId: string, of: { projectId: string } | { propertyId: string }) =>
      links.deleteMany({ ownerId, ...of }),
    listForOwner: (ownerId: string) => links.find({ ownerId }),
    deleteForOwner: (ownerId: string) => links.deleteMany({ ownerId }),
  };
}
export type OriginalLinksRepository = ReturnType<typeof originalLinksRepository>;
