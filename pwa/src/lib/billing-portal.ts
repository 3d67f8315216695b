import { billingPortalResponseSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from './api-client';
import { leaveAppFor } from './leave-app';

/** The account actions on the plan, named the same wherever they appear (menu, Settings, Help). */
export const UPGRADE_TO_PRO = 'Upgrade to Pro';
export const MANAGE_SUBSCRIPTION = 'Manage subscription';

/** Sends the browser to Stripe's customer portal (cancel, change card, invoices). */
export async function openBillingPortal(): Promise<void> {
  const { url } = await apiJson(apiPath('billingPortal'), billingPortalResponseSchema, { method: 'POST' });
  leaveAppFor(url);
}
