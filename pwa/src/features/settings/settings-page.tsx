import { PageShell } from '../../components/page-shell';
import { useCurrentUser } from '../../lib/auth';
import { usePageMeta } from '../../lib/use-page-meta';
import { AccountSecuritySection } from './components/account-security-section';
import { AgentProfileSection } from './components/agent-profile-section';
import { ApiKeysSection } from './components/api-keys-section';
import { DangerZone } from './components/danger-zone';
import { MlsSection } from './components/mls-section';
import { NotificationsSection } from './components/notifications-section';
import { PlanSection } from './components/plan-section';
import { ProfileSection } from './components/profile-section';

export const SETTINGS_SIGNED_OUT = 'Please log in to access settings.';

export function SettingsPage() {
  usePageMeta('Settings', 'Your Stagely profile, plan, notifications and account.');
  const { data: user } = useCurrentUser();
  return (
    <PageShell title="Settings">
      {user ? (
        <div className="space-y-6">
          <ProfileSection user={user} />
          <AccountSecuritySection />
          <AgentProfileSection />
          <PlanSection />
          <MlsSection />
          <NotificationsSection />
          <ApiKeysSection />
          <DangerZone />
        </div>
      ) : (
        <p>{SETTINGS_SIGNED_OUT}</p>
      )}
    </PageShell>
  );
}
