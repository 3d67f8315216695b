import { describe, expect, it } from 'vitest';
import { ALTERATION_CLASSES, EDIT_KIND_CLASSES, isDisclosedAlteration } from './alterations';
import { captionsCsv, handoverFiles, type HandoverPhoto } from './hand-over';
import { photoCaption, plateText, remarksSentence } from './mls-profile-texts';
import { MLS_PROFILES, mlsProfile, mlsProfileIdOf } from './mls-profiles';

const photos: HandoverPhoto[] = [
  { position: 1, roomType: 'kitchen', alteration: 'staged', originalLink: 'https://s.example/o/aaaaaaaaaa' },
  {
    position: 2,
    roomType: 'bedroom',
    alteration: 'furniture-removed',
    originalLink: 'https://s.example/o/bbbbbbbbbb',
  },
];

describe('MLS profiles', () => {
  it('lists every board the hand-over knows, each with its source and the date it was read', () => {
    expect(MLS_PROFILES.map((p) => p.id)).toEqual([
      'other',
      'ca-ab723',
      'crmls',
      'ccar',
      'stellar',
      'armls',
      'mls-now',
      'realtracs',
      'smart-mls',
      'rmls',
      'bright',
      'nwmls',
      'eu-ai-act',
    ]);
    for (const p of MLS_PROFILES) {
      expect(p.source.read, p.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.source.rule.length, p.id).toBeGreaterThan(5);
      if (p.source.kind === 'secondary summary') expect(p.source.confirmed, p.id).toBe(false);
    }
    // An unknown or removed choice falls back to the default, never to a crash.
    expect(mlsProfileIdOf('gone-mls')).toBe('other');
    expect(mlsProfile(undefined).id).toBe('other');
  });

  it('uses the words each rule asks for', () => {
    expect(remarksSentence(mlsProfile('stellar'), ['staged'], 'https://x')).toBe(
      'One or more photo(s) was virtually staged.',
    );
    expect(mlsProfile('stellar').remarks.first).toBe(true);
    expect(remarksSentence(mlsProfile('ca-ab723'), ['staged', 'furniture-removed'], 'https://x/p/t')).toBe(
      'One or more photos were digitally altered (furniture and decor added; furniture removed); the unaltered originals can be seen at https://x/p/t.',
    );
    expect(plateText(mlsProfile('smart-mls'), 'staged')).toBe('Virtually Staged');
    expect(plateText(mlsProfile('other'), 'sky')).toBe('Sky replaced');
    expect(photoCaption(mlsProfile('crmls'), 'furniture-removed', 'https://s/o/x')).toBe(
      'Digitally altered: furniture removed. Unaltered original: https://s/o/x',
    );
    // Exposure or white balance only: nothing to disclose.
    expect(isDisclosedAlteration('tonal')).toBe(false);
    expect(remarksSentence(mlsProfile('other'), ['tonal'], 'https://x')).toBeNull();
  });

  it('classifies every edit kind, the current modes and the coming edit tools', () => {
    expect(EDIT_KIND_CLASSES.stage).toBe('staged');
    expect(EDIT_KIND_CLASSES['multi-view']).toBe('staged');
    expect(EDIT_KIND_CLASSES.unstage).toBe('furniture-removed');
    for (const kind of ['paint', 'floor', 'sky', 'lawn', 'dusk', 'object-removed'] as const)
      expect(ALTERATION_CLASSES[EDIT_KIND_CLASSES[kind]].label).toBeTruthy();
  });

  it('lays out the files in upload order for each photo order', () => {
    const names = (id: string) => handoverFiles(mlsProfile(id), photos).map((f) => `${f.kind}:${f.name}`);
    expect(names('crmls')).toEqual([
      'labelled:01-kitchen-1-altered.jpg',
      'original:01-kitchen-2-original.jpg',
      'labelled:02-bedroom-1-altered.jpg',
      'original:02-bedroom-2-original.jpg',
      'clean:clean/01-kitchen-1-altered.jpg',
      'clean:clean/02-bedroom-1-altered.jpg',
    ]);
    expect(names('stellar')).toEqual([
      'clean:01-kitchen.jpg',
      'original:originals/01-kitchen.jpg',
      'clean:02-bedroom.jpg',
      'original:originals/02-bedroom.jpg',
    ]);
    expect(names('rmls').filter((n) => !n.includes('original'))).toEqual([
      'labelled:01-kitchen.jpg',
      'labelled:02-bedroom.jpg',
    ]);
    const csv = captionsCsv(mlsProfile('crmls'), handoverFiles(mlsProfile('crmls'), photos));
    expect(csv.split('\r\n')[0]).toBe('file,photo description');
    expect(csv).toContain('"02-bedroom-1-altered.jpg'.slice(1));
  });
});
