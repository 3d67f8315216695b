import { Link } from 'react-router-dom';

export const FOOTER_LINKS = [
  { to: '/help', label: 'Help Center' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/api-docs', label: 'API Docs' },
] as const;

/** The footer of the landing page and every public page. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 py-8">
      <nav
        aria-label="Footer"
        className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-2 gap-y-1 px-4 text-sm text-slate-400"
      >
        {FOOTER_LINKS.map((l) => (
          <Link
            key={l.to}
            to={l.to}
            className="inline-flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-900 hover:text-white"
          >
            {l.label}
          </Link>
        ))}
      </nav>
      <p className="mt-4 text-center text-sm text-slate-400">© {new Date().getFullYear()} Stagely</p>
    </footer>
  );
}
