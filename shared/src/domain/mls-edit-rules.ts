import { ALTERATION_CLASSES, type AlterationClass } from './alterations';

/** What an MLS (or law) says of one kind of alteration in a listing photo. */
export type EditPermission = 'allowed' | 'disclosed' | 'not-for-mls';

export const EDIT_PERMISSION_TEXT = {
  allowed: 'Allowed',
  disclosed: 'Allowed with disclosure',
  'not-for-mls': 'Not for MLS',
} as const satisfies Record<EditPermission, string>;

/** Where one row was read: the rule's words (or 'silent'), its address and the date it was read. */
export interface EditRuleSource {
  rule: string;
  url: string | null;
  read: string;
}
export interface EditRule extends EditRuleSource {
  permission: EditPermission;
}
export type EditRules = Readonly<Record<AlterationClass, EditRule>>;

type Row = EditPermission | readonly [EditPermission, EditRuleSource];

/**
 * A profile's rows: each class as `rows` says (with its own source where given), the rest allowed with
 * disclosure under `silent` (the profile's rule says nothing against them) and tonal edits allowed.
 */
export function editRules(
  silent: EditRuleSource,
  rows: Partial<Record<AlterationClass, Row>> = {},
): EditRules {
  const classes = Object.keys(ALTERATION_CLASSES) as AlterationClass[];
  const entries = classes.map((cls): [AlterationClass, EditRule] => {
    const row: Row = rows[cls] ?? (ALTERATION_CLASSES[cls].label === null ? 'allowed' : 'disclosed');
    const [permission, source] = typeof row === 'string' ? [row, silent] : row;
    return [cls, { permission, ...source }];
  });
  return Object.fromEntries(entries) as Record<AlterationClass, EditRule>;
}

/** The classes of `classes` that `rules` keeps out of the MLS, in order and once each. */
export const forbiddenClasses = (
  rules: EditRules,
  classes: readonly AlterationClass[],
): AlterationClass[] => [...new Set(classes.filter((c) => rules[c].permission === 'not-for-mls'))];
