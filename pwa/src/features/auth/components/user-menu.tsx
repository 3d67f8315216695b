import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { User } from '@shared/api';
import { subscriptionDateText } from '@shared/domain';
import { useNavigate } from 'react-router-dom';
import { PlanBadge } from '../../../components/plan-badge';
import { showConfirmation, showError } from '../../../components/toast';
import { MANAGE_SUBSCRIPTION, UPGRADE_TO_PRO, openBillingPortal } from '../../../lib/billing-portal';
import { formatMaxGenerations, useLimits } from '../../../lib/limits';
import { useLogout } from '../api/logout';
import { AUTH_TOASTS } from './sign-in-texts';

const itemClass =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-slate-200 data-focus:bg-slate-800';

/** Name, email, plan, usage and the account actions. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const limits = useLimits(true);
  const logout = useLogout();
  const pro = limits.data?.hasActiveSubscription ?? user.plan === 'pro';
  const initials = (user.firstName?.[0] ?? user.username[0] ?? '?').toUpperCase();
  const dates = pro ? subscriptionDateText(user.subscription) : null;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void showConfirmation(AUTH_TOASTS.loggedOut);
        void navigate('/');
      },
      onError: () => showError(AUTH_TOASTS.logoutFailed.description, AUTH_TOASTS.logoutFailed.title),
    });

  const onManageBilling = () => openBillingPortal().catch((err: Error) => showError(err.message));

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex min-h-11 items-center gap-2 rounded-full p-1 pr-3 hover:bg-slate-800">
        {/* Named by its content, so the visible plan badge is part of the name (axe label-content-name-mismatch). */}
        <span className="sr-only">{`Account menu for ${user.username}, `}</span>
        {user.profileImageUrl ? (
          <img
            src={user.profileImageUrl}
            alt=""
            width={36}
            height={36}
            className="h-9 w-9 rounded-full object-cover"
          />
        ) : (
          <span
            className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-500 font-semibold text-white"
            aria-hidden="true"
          >
            {initials}
          </span>
        )}
        <PlanBadge pro={pro} />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-72 rounded-xl border border-slate-800 bg-slate-900 p-2 shadow-2xl focus:outline-none"
      >
        <div className="px-3 py-2">
          <p className="font-semibold">{user.username}</p>
          <p className="truncate text-sm text-slate-400">{user.email}</p>
          <p className="mt-2 text-sm text-slate-300">
            Plan: <span className="font-semibold">{pro ? 'Pro' : 'Free'}</span>
            {dates && <span className="block text-slate-400">{dates}</span>}
          </p>
          {limits.data && (
            <p className="mt-1 text-sm text-slate-300">
              Generations Used:{' '}
              <span className="font-semibold">
                {limits.data.generationsUsed}/{formatMaxGenerations(limits.data)}
              </span>
            </p>
          )}
        </div>
        <div className="my-1 border-t border-slate-800" />
        {!pro && (
          <MenuItem>
            <button
              type="button"
              className={`${itemClass} font-semibold text-amber-300`}
              onClick={() => void navigate('/subscribe')}
            >
              {UPGRADE_TO_PRO}
            </button>
          </MenuItem>
        )}
        {pro && (
          <MenuItem>
            <button type="button" className={itemClass} onClick={onManageBilling}>
              {MANAGE_SUBSCRIPTION}
            </button>
          </MenuItem>
        )}
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => void navigate('/settings')}>
            Settings
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={itemClass} onClick={onLogout}>
            Log out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
