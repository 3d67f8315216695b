import {
  EXPORT_4K_LONG_EDGE,
  export4kLabel,
  FREE_GENERATIONS_PER_MONTH,
  MIN_PHOTO_SHORT_EDGE,
  PRIORITY_HEAD_START_SECONDS,
  PRO_BENEFITS_PHRASE,
  PRO_PRICE_LABEL,
  STAGING_MODE_DESCRIPTIONS,
  STAGING_MODE_LABELS,
  STAGING_MODES,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  UPLOAD_MAX_MB,
  DEFAULT_STYLE_PRESET,
  FREE_STYLE_PRESETS,
  PRO_STYLE_PRESETS,
  type StylePreset,
} from '@shared/domain';
import type { ReactNode } from 'react';
import { CardIcon, RocketIcon, WrenchIcon } from '../../components/topic-icons';
import { MANAGE_SUBSCRIPTION, UPGRADE_TO_PRO } from '../../lib/billing-portal';

/** A typical staged result's long edge, for the 4K example. */
const NORMALIZED_EXAMPLE_PX = 2048;

export interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}
export interface FaqCategory {
  id: string;
  title: string;
  summary: string;
  /** Drawn, decorative (aria-hidden). */
  icon: ReactNode;
  faqs: Faq[];
}

const list = (items: { label: string; text: string }[]) => (
  <ul className="mt-2 space-y-1">
    {items.map((i) => (
      <li key={i.label}>
        <strong className="text-slate-100">{i.label}</strong>: {i.text}
      </li>
    ))}
  </ul>
);

const styleList = (styles: readonly StylePreset[]) =>
  list(styles.map((s) => ({ label: STYLE_PRESET_LABELS[s], text: STYLE_PRESET_DESCRIPTIONS[s] })));

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'Upload a photo, choose a mode and a style, and stage your first room.',
    icon: <RocketIcon />,
    faqs: [
      {
        id: 'upload',
        question: 'How do I upload a room photo?',
        answer: `Open the app and tap the upload area, drag a photo onto it, or take one with your phone's camera. We accept JPG, PNG, WebP up to ${UPLOAD_MAX_MB}MB. Photos taken while you are offline wait on your device and upload by themselves when you are back online.`,
      },
      {
        id: 'staging-modes',
        question: 'What staging modes are available?',
        answer: list(
          STAGING_MODES.map((m) => ({ label: STAGING_MODE_LABELS[m], text: STAGING_MODE_DESCRIPTIONS[m] })),
        ),
      },
      {
        id: 'style-presets',
        question: 'Which style presets can I choose?',
        answer: (
          <>
            <p>Every account, free or Pro:</p>
            {styleList(FREE_STYLE_PRESETS)}
            <p className="mt-3">With Pro, {PRO_STYLE_PRESETS.length} advanced presets as well:</p>
            {styleList(PRO_STYLE_PRESETS)}
            <p className="mt-2">
              Pair any style with a colour palette, or describe what you want in a custom prompt. If your Pro
              plan ends, a Pro style saved as your default style gives way to{' '}
              {STYLE_PRESET_LABELS[DEFAULT_STYLE_PRESET]} until you upgrade again.
            </p>
          </>
        ),
      },
      {
        id: 'data-security',
        question: 'Is my data secure?',
        answer: `Photos travel over an encrypted connection and are stored privately: only you can see your projects. When a photo is uploaded we remove all of its hidden metadata, including the GPS location of where it was taken. You can delete a project, or your whole account with all its data, at any time in Settings.`,
      },
    ],
  },
  {
    id: 'subscription-billing',
    title: 'Subscription & Billing',
    summary: 'Free generations, upgrading to Pro and managing your subscription.',
    icon: <CardIcon />,
    faqs: [
      {
        id: 'free-generations',
        question: 'How many free generations do I get?',
        answer: `Every free account gets ${FREE_GENERATIONS_PER_MONTH} generations per month, one per room photo, with no card required. The count starts again on the first day of each month (UTC), and a staging that fails gives its generation back.`,
      },
      {
        id: 'upgrading',
        question: 'How do I upgrade to Pro?',
        answer: `Choose ${UPGRADE_TO_PRO} in your account menu or under Plan in Settings, and pay by card. Pro costs ${PRO_PRICE_LABEL}, billed monthly in advance, and gives you ${PRO_BENEFITS_PHRASE}. Priority processing means your photos are staged before free accounts' photos sent up to ${PRIORITY_HEAD_START_SECONDS / 60} minutes earlier.`,
      },
      {
        id: 'cancelling',
        question: 'How do I cancel my subscription?',
        answer: `Open Settings and choose ${MANAGE_SUBSCRIPTION} under Plan (it is also in your account menu). This opens our payment provider's secure billing portal, where you can cancel, change your card and download invoices. After cancelling you keep Pro until the end of the month you have paid for; your account menu and Settings show the date it ends.`,
      },
      {
        id: '4k-exports',
        question: 'What is a 4K export?',
        answer: `With Pro, the 4K switch beside Download saves the staged photo at ${EXPORT_4K_LONG_EDGE} px on its long side. When the staged result is smaller than that, Stagely makes the extra pixels with an AI upscaler where one is set up, and otherwise enlarges the result, which adds no detail. The switch says which before you download, for example '${export4kLabel('enlarged', NORMALIZED_EXAMPLE_PX)}'.`,
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    summary: 'Refused photos, failed or slow stagings and working without a signal.',
    icon: <WrenchIcon />,
    faqs: [
      {
        id: 'photo-refused',
        question: 'Why was my photo refused?',
        answer: `Photos must be JPG, PNG or WebP, at most ${UPLOAD_MAX_MB}MB and at least ${MIN_PHOTO_SHORT_EDGE} pixels on the shorter side (a thumbnail or an icon is too small to stage). Files that are too large, too small or damaged are refused with a message saying why; use the original photo or try another one.`,
      },
      {
        id: 'staging-failed',
        question: 'What if a staging fails or takes long?',
        answer:
          'A staging usually takes about 30 seconds. If it fails you see the reason, the generation is given back, and you can simply try again. Well-lit photos taken straight on give the best results.',
      },
      {
        id: 'offline',
        question: 'Can I use Stagely with a weak or no signal?',
        answer:
          'Yes. Install the app from your browser menu; it opens without a connection, keeps photos you queue on your device and sends them as soon as the connection is back.',
      },
    ],
  },
];
