import { PRO_STYLE_CODE, PRO_STYLE_TITLE } from '@shared/domain';
import { ApiError } from '../../lib/api-client';
import { openPaywall } from './paywall-store';

/** A 403 for a Pro style (the plan ended since the style was chosen) opens the paywall with its sentence. */
export function openPaywallForProStyle(err: unknown): boolean {
  if (!(err instanceof ApiError && err.status === 403 && err.code === PRO_STYLE_CODE)) return false;
  openPaywall({ title: PRO_STYLE_TITLE, message: err.message });
  return true;
}
