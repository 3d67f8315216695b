import { describe, expect, it } from 'vitest';
import { ALTERATION_CLASSES, type AlterationClass } from './alterations';
import { downloadVariant, versionBefore } from './download-variant';
import { handoverFiles } from './hand-over';
import { EDIT_PERMISSION_TEXT } from './mls-edit-rules';
import { MLS_PROFILES, mlsProfile } from './mls-profiles';

const CLASSES = Object.keys(ALTERATION_CLASSES) as AlterationClass[];

describe('edit permissions per MLS', () => {
  it('gives every profile a row for every alteration class, each with its rule and the date it was read', () => {
    for (const p of MLS_PROFILES)
      for (const cls of CLASSES) {
        const row = p.edits[cls];
        expect(Object.keys(EDIT_PERMISSION_TEXT), `${p.id} ${cls}`).toContain(row.permission);
        expect(row.rule.length, `${p.id} ${cls}`).toBeGreaterThan(5);
        expect(row.read, `${p.id} ${cls}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
  });

  it("follows CRMLS's AB 723 FAQ and MLS Now 3.3.2: no paint, floor or landscaping; MLS Now only furniture and sky", () => {
    const banned = (id: string) =>
      CLASSES.filter((c) => mlsProfile(id).edits[c].permission === 'not-for-mls');
    expect(banned('crmls')).toEqual(['paint', 'floor', 'lawn', 'concept']);
    expect(mlsProfile('crmls').edits.paint.url).toBe(
      'https://kb.crmls.org/knowledgebase/digitally-altered-images-faqs',
    );
    expect(banned('mls-now')).toEqual(['paint', 'floor', 'lawn', 'dusk', 'object-removed', 'concept']);
    expect(mlsProfile('mls-now').edits.sky.permission).toBe('disclosed');
    expect(banned('other')).toEqual([]);
    expect(mlsProfile('other').edits.paint.permission).toBe('disclosed');
  });
});

describe('downloadVariant: the one decision of what a download for an MLS is', () => {
  it('refuses a paint edit for CRMLS with the rule and the version before the edit; for Other it goes labelled', () => {
    const refused = downloadVariant(mlsProfile('crmls'), ['staged', 'paint'], 'listing', 1);
    expect(refused).toMatchObject({ kind: 'refused', forbidden: ['paint'] });
    expect(refused.kind === 'refused' && refused.message).toBe(
      'This version is a renovation concept for CRMLS (California Regional MLS): wall colour changed is not allowed in MLS photos (CRMLS Digitally Altered Images FAQs (AB 723): users cannot add, remove or modify any real part of a property such as wall color, flooring, cabinets, wall dimensions or landscaping, https://kb.crmls.org/knowledgebase/digitally-altered-images-faqs). Download version 1, the staged photo before the edit, for the MLS; this one can still go on the buyer page, labelled as a concept.',
    );
    expect(downloadVariant(mlsProfile('other'), ['staged', 'paint'], 'listing')).toEqual({
      kind: 'file',
      variant: 'labelled',
    });
    // A plain download is no MLS photo: never refused, never labelled.
    expect(downloadVariant(mlsProfile('crmls'), ['paint'], 'plain')).toEqual({
      kind: 'file',
      variant: 'clean',
    });
  });

  it('is clean where words on photos are forbidden and where nothing needs a label, labelled elsewhere', () => {
    for (const p of MLS_PROFILES) {
      const decided = downloadVariant(p, ['staged'], 'listing');
      expect(decided, p.id).toEqual({
        kind: 'file',
        variant: p.overlay === 'forbidden' ? 'clean' : 'labelled',
      });
      expect(downloadVariant(p, ['tonal'], 'listing'), p.id).toEqual({ kind: 'file', variant: 'clean' });
    }
  });

  it('makes the ZIP follow the same decision, photo by photo', () => {
    const photo = { position: 1, roomType: 'kitchen', originalLink: 'https://s.example/o/a' } as const;
    for (const p of MLS_PROFILES) {
      const files = handoverFiles(p, [{ ...photo, alteration: 'staged' }]);
      const main = files.find((f) => f.kind !== 'original' && !f.name.includes('/'))!;
      const decided = downloadVariant(p, ['staged'], 'listing');
      expect(decided.kind === 'file' && decided.variant, p.id).toBe(main.kind);
    }
  });

  it('offers the latest version before the current one that the MLS accepts', () => {
    const versions = [
      { number: 1, alterations: ['staged'] as AlterationClass[] },
      { number: 2, alterations: ['staged', 'sky'] as AlterationClass[] },
      { number: 3, alterations: ['staged', 'sky', 'paint'] as AlterationClass[] },
    ];
    expect(versionBefore(mlsProfile('crmls'), versions, 3)).toBe(2);
    expect(versionBefore(mlsProfile('mls-now'), versions, 3)).toBe(2);
    expect(versionBefore(mlsProfile('crmls'), versions, 1)).toBeNull();
  });
});
