import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import type { ReactNode } from 'react';
import { StrokeIcon } from '../../../components/stroke-icon';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'AI-Powered Staging',
    text: 'Furniture, decor and lighting placed to fit the room, its perspective and its light.',
    icon: <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />,
  },
  {
    title: 'Instant Results',
    text: 'A staged photo in about a minute, ready to compare and download for your listing.',
    icon: <path d="M13 2L4 14h7l-1 8 9-12h-7z" />,
  },
  {
    title: 'Multiple Styles',
    text: 'Modern, Scandinavian, farmhouse or industrial, with colour palettes to match the home.',
    icon: <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />,
  },
  {
    title: 'Batch Processing',
    text: 'Queue up to ten photos of a property at once, even offline at the viewing.',
    icon: <path d="M4 7h16M4 12h16M4 17h16" />,
  },
];

const BENEFITS = [
  'Staged homes sell faster: buyers picture themselves living there.',
  'Listings with staged photos show a 6-20% higher perceived value.',
  'A fraction of the cost and time of physical staging.',
  'Remove clutter and old furniture with one click.',
  'Works on your phone at the viewing, even with no signal.',
  `${FREE_GENERATIONS_PER_MONTH} free credits to start, one per room photo, no card required.`,
] as const;

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        Everything you need to stage a listing
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((f) => (
          <li key={f.title} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
            <StrokeIcon size={28} strokeWidth={1.8} strokeLinejoin="round" className="text-indigo-300">
              {f.icon}
            </StrokeIcon>
            <h3 className="mt-3 text-lg font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm text-slate-300">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-4xl px-4 py-16">
      <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight">
        Why agents stage with Stagely
      </h2>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {BENEFITS.map((b) => (
          <li key={b} className="flex gap-3 rounded-xl bg-slate-900/60 p-4 text-slate-200">
            <StrokeIcon size={22} strokeWidth={2.5} className="mt-0.5 shrink-0 text-emerald-400">
              <path d="M5 12l5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
            </StrokeIcon>
            {b}
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-slate-300">
        Rated <strong className="text-white">4.9/5</strong> by 2,847 users
      </p>
    </section>
  );
}
