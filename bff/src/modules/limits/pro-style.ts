import { PRO_STYLE_CODE, proStyleMessage, styleAllowed, type StylePreset } from '@shared/domain';
import { forbidden } from '../../http/errors';

/**
 * Refuses an advanced preset for an account that is not Pro (403 with a sentence); callers run it before
 * any credit is reserved, so a refusal costs nothing. `message` words it for who asked (e.g. the demo).
 */
export function assertStyleAllowed(
  style: StylePreset | null | undefined,
  pro: boolean,
  message: (style: StylePreset) => string = proStyleMessage,
): void {
  if (style && !styleAllowed(style, pro)) throw forbidden(message(style), PRO_STYLE_CODE);
}
