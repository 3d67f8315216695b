import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { ConfirmAccountPage, ResetPasswordPage } from '../features/auth';
import { AppHeader } from './app-header';
import { AuthGate } from './auth-gate';

// Everything but the landing page is split out so the first visit downloads only what it shows.
const WorkspacePage = lazy(() => import('../features/workspace').then((m) => ({ default: m.WorkspacePage })));
const WorkspaceHeaderTools = lazy(() =>
  import('../features/workspace').then((m) => ({ default: m.WorkspaceHeaderTools })),
);
const ConfirmEmailPage = lazy(() =>
  import('../features/settings').then((m) => ({ default: m.ConfirmEmailPage })),
);
const CancelEmailPage = lazy(() =>
  import('../features/settings').then((m) => ({ default: m.CancelEmailPage })),
);
const SettingsPage = lazy(() => import('../features/settings').then((m) => ({ default: m.SettingsPage })));
const SubscribePage = lazy(() => import('../features/subscribe').then((m) => ({ default: m.SubscribePage })));
const SubscriptionSuccessPage = lazy(() =>
  import('../features/subscribe').then((m) => ({ default: m.SubscriptionSuccessPage })),
);
const HelpPage = lazy(() => import('../features/help').then((m) => ({ default: m.HelpPage })));
const ContactPage = lazy(() => import('../features/contact').then((m) => ({ default: m.ContactPage })));
const PrivacyPage = lazy(() => import('../features/legal').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/legal').then((m) => ({ default: m.TermsPage })));
const SharePage = lazy(() => import('../features/share').then((m) => ({ default: m.SharePage })));
const OriginalPage = lazy(() => import('../features/share').then((m) => ({ default: m.OriginalPage })));
// Loaded when the workspace's Properties tab opens: the workspace's first paint does not wait for it.
const PropertiesPanel = lazy(() =>
  import('../features/properties').then((m) => ({ default: m.PropertiesPanel })),
);
const PropertyPage = lazy(() => import('../features/properties').then((m) => ({ default: m.PropertyPage })));
const PropertySharePage = lazy(() =>
  import('../features/property-share').then((m) => ({ default: m.PropertySharePage })),
);
const ApiDocsPage = lazy(() => import('../features/api-docs').then((m) => ({ default: m.ApiDocsPage })));
const NotFoundPage = lazy(() => import('../features/not-found').then((m) => ({ default: m.NotFoundPage })));

const page = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;
// The workspace puts its own tools (help, settings) into the app header.
const workspace = () =>
  page(
    <WorkspacePage
      renderHeader={(tools) => <AppHeader tools={tools} />}
      renderProperties={(signedIn) => <PropertiesPanel signedIn={signedIn} />}
    />,
  );

/** The app's routes (docs/product.md, Screens and routes); anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AuthGate>{workspace()}</AuthGate>} />
      <Route path="/app" element={workspace()} />
      <Route
        path="/properties/:id"
        element={
          <AuthGate>
            <AppHeader
              tools={
                <Suspense fallback={null}>
                  <WorkspaceHeaderTools />
                </Suspense>
              }
            />
            {page(<PropertyPage />)}
          </AuthGate>
        }
      />
      <Route path="/settings" element={<AuthGate>{page(<SettingsPage />)}</AuthGate>} />
      <Route path="/subscribe" element={<AuthGate>{page(<SubscribePage />)}</AuthGate>} />
      <Route
        path="/subscription-success"
        element={<AuthGate>{page(<SubscriptionSuccessPage />)}</AuthGate>}
      />
      <Route path="/help" element={page(<HelpPage />)} />
      <Route path="/contact" element={page(<ContactPage />)} />
      <Route path="/privacy" element={page(<PrivacyPage />)} />
      <Route path="/terms" element={page(<TermsPage />)} />
      <Route path="/confirm-email" element={page(<ConfirmEmailPage />)} />
      <Route path="/cancel-email" element={page(<CancelEmailPage />)} />
      <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
      <Route path="/confirm-account" element={page(<ConfirmAccountPage />)} />
      <Route path="/api-docs" element={page(<ApiDocsPage />)} />
      <Route path="/s/:token/*" element={page(<SharePage />)} />
      <Route path="/p/:token/*" element={page(<PropertySharePage />)} />
      <Route path="/o/:code" element={page(<OriginalPage />)} />
      <Route path="*" element={page(<NotFoundPage />)} />
    </Routes>
  );
}
