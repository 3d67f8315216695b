import { formatShortDate } from './format';

/**
 * What Pro gives, in the order the paywall, /subscribe, Settings and Help list it: one list, so no
 * screen promises what another leaves out. Each is something the product really does.
 */
export const PRO_BENEFITS = [
  'Unlimited generations',
  'All styles (advanced style presets included)',
  'Priority processing',
  '4K exports',
] as const;

/** A benefit inside a sentence: 'Priority processing' -> 'priority processing', '4K exports' stays. */
const inSentence = (benefit: string) =>
  /^[A-Z][a-z]/.test(benefit) ? benefit.charAt(0).toLowerCase() + benefit.slice(1) : benefit;
/** The benefits as one phrase: "unlimited generations, all styles (...), priority processing and 4K exports". */
export const PRO_BENEFITS_PHRASE = `${PRO_BENEFITS.slice(0, -1).map(inSentence).join(', ')} and ${inSentence(PRO_BENEFITS.at(-1) ?? '')}`;

/**
 * Priority processing: a Pro job is queued as if it had been submitted this much earlier, a demo as if
 * this much later. So a Pro job goes ahead of free jobs younger than this, and a free job is never
 * passed by a Pro job submitted more than this after it (free jobs are never starved).
 */
export const PRIORITY_HEAD_START_SECONDS = 120;

/** A Pro subscription's dates as the API gives them (ISO 8601). */
export interface SubscriptionDates {
  renewsAt: string | null;
  endsAt: string | null;
}

/** 'Renews on Mar 17, 2030', or 'Ends on ...' once cancelled; null when Stripe gave no date. */
export function subscriptionDateText(dates: SubscriptionDates | null | undefined): string | null {
  if (dates?.endsAt) return `Ends on ${formatShortDate(dates.endsAt)}`;
  if (dates?.renewsAt) return `Renews on ${formatShortDate(dates.renewsAt)}`;
  return null;
}
