import { billingPortalResponseSchema } from '@shared/api';
import { apiJson } from './api-client';

/** Sends the browser to Stripe's customer portal (cancel, change card, invoices). */
export async function openBillingPortal(): Promise<void> {
  const { url } = await apiJson('/api/billing/portal', billingPortalResponseSchema, { method: 'POST' });
  window.location.assign(url);
}
