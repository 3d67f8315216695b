import { FREE_PROPERTIES_MAX, PROPERTY_LIMIT_MESSAGE, PROPERTY_LIMIT_TITLE } from '@shared/domain';
import { useState } from 'react';
import { openSignIn } from '../../../components/sign-in-opener';
import { useLimits } from '../../../lib/limits';
import { openPaywall } from '../../../components/paywall';
import { usePropertyList } from '../hooks/use-property-list';
import { PROPERTY_TEXTS } from '../property-texts';
import { NewPropertyDialog } from './new-property-dialog';
import { PropertyListItem } from './property-list-item';
import { button, card, primaryButton } from './styles';

/**
 * The workspace's Properties tab: the user's properties (also those made offline, at once) and 'New
 * property'. A free account at its limit is told before it tries, and 'New property' opens the paywall.
 */
export function PropertiesPanel({ signedIn }: { signedIn: boolean }) {
  const list = usePropertyList(signedIn);
  const limits = useLimits(signedIn);
  const [creating, setCreating] = useState(false);
  // Refused ones (failed on this device) are not the account's: they do not count.
  const kept = list.entries.filter((e) => e.local?.status !== 'failed').length;
  const atLimit = limits.data?.hasActiveSubscription === false && kept >= FREE_PROPERTIES_MAX;

  if (!signedIn)
    return (
      <section aria-labelledby="properties-title" className={card}>
        <h2 id="properties-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.title}
        </h2>
        <p className="mt-2 text-sm text-slate-300">{PROPERTY_TEXTS.signIn}</p>
        <button type="button" onClick={() => openSignIn()} className={`${button} mt-3`}>
          Sign In
        </button>
      </section>
    );

  const onNew = () =>
    atLimit
      ? openPaywall({ title: PROPERTY_LIMIT_TITLE, message: PROPERTY_LIMIT_MESSAGE })
      : setCreating(true);

  return (
    <section aria-labelledby="properties-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="properties-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.title}
        </h2>
        <button type="button" onClick={onNew} aria-haspopup="dialog" className={`${primaryButton} px-5`}>
          <span aria-hidden="true">+</span>
          {PROPERTY_TEXTS.newProperty}
        </button>
      </div>
      {atLimit && (
        <p role="note" className="mt-3 rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-100">
          {PROPERTY_LIMIT_MESSAGE}
        </p>
      )}
      {list.loading && <p className="mt-3 text-sm text-slate-400">{PROPERTY_TEXTS.loading}</p>}
      {!list.loading && list.entries.length === 0 && (
        <p className="mt-3 text-sm text-slate-400">{PROPERTY_TEXTS.empty}</p>
      )}
      {list.entries.length > 0 && (
        <ul aria-label={PROPERTY_TEXTS.title} className="mt-3 space-y-2">
          {list.entries.map((entry) => (
            <PropertyListItem key={entry.property.id} entry={entry} />
          ))}
        </ul>
      )}
      <NewPropertyDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
