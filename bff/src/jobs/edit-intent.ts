import {
  editKindInfo,
  type EditKindName,
  type EditRegion,
  type RoomType,
  type StructureElement,
} from '@shared/domain';
import type { MeantChanges, PaintMask } from '../images';

/**
 * What an edit kind is meant to change, so that the structure check run on its result (against the
 * version it was made from) counts only changes outside it. It follows the kind's region in the edit table.
 */
export interface EditIntent {
  /** It changes what the user painted (the mask, grown by a margin), and nothing outside it. */
  painted: boolean;
  /** Permanent elements it changes wherever they are. */
  elements: readonly StructureElement[];
}

/** The permanent elements each region changes on purpose; sky, lawn, floor and furniture are never counted. */
const ELEMENTS_CHANGED: Record<EditRegion, readonly StructureElement[]> = {
  // A follow-up instruction restyles furniture and decor (never counted as changes): the room stays.
  whole: [],
  painted: [],
  // Lights on at dusk: windows glow, ceiling lights come on and every wall takes the evening light.
  lighting: ['window', 'wall-colour', 'ceiling-fixture'],
  sky: [],
  lawn: [],
  walls: ['wall-colour'],
  floor: [],
};

export function editIntent(kind: EditKindName): EditIntent {
  const { region } = editKindInfo(kind);
  return { painted: region === 'painted', elements: ELEMENTS_CHANGED[region] };
}

/**
 * What the check sets aside for an edit of `kind` made through `mask` (null: no mask painted), on a photo
 * of `roomType` (an exterior has no ceiling lights or fireplace to judge).
 */
export function meantBy(kind: EditKindName, mask: PaintMask | null, roomType?: RoomType): MeantChanges {
  const intent = editIntent(kind);
  return {
    area: intent.painted ? mask : null,
    elements: intent.elements,
    ...(roomType === 'exterior' ? { outdoors: true } : {}),
  };
}
