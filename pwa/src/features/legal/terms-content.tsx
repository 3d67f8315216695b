import {
  AI_ICON_TEXT,
  FREE_GENERATIONS_PER_MONTH,
  PAYMENT_RETRY_DAYS,
  PRO_PRICE_LABEL,
} from '@shared/domain';
import { Link } from 'react-router-dom';
import type { LegalSection } from './components/legal-document';
import { SignInMethodsSentence } from './components/sign-in-methods';
import { SupportEmail } from './components/support-email';

export const DATA_DELETION_DAYS = 30;
export const CHANGE_NOTICE_DAYS = 30;
export const MINIMUM_AGE = 18;

const link = 'text-indigo-300 underline';

/** The 13 sections of the Terms of Service. */
export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Stagely ("the Service") you agree to these Terms of Service and to our{' '}
        <Link to="/privacy" className={link}>
          Privacy Policy
        </Link>
        . If you do not agree, please do not use the Service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of Service',
    body: (
      <p>
        Stagely uses artificial intelligence to stage photos of rooms: it adds furniture and decor, removes
        furniture and clutter, or produces several styling options for one space. Results are generated
        automatically and may contain inaccuracies.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and Eligibility',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old to create an account. <SignInMethodsSentence /> You are
          responsible for keeping your sign-in details secure and for everything done with your account.
        </p>
        <p>Give us accurate information and keep your e-mail address up to date.</p>
      </>
    ),
  },
  {
    id: 'free-plan',
    title: 'Free Plan and Usage Limits',
    body: (
      <p>
        The Free plan includes {FREE_GENERATIONS_PER_MONTH} generations per month (one per room photo),
        counted per calendar month in UTC. Unused generations do not carry over. A staging that fails is not
        counted. We may limit anonymous demo use to protect the Service.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Subscriptions and Billing',
    body: (
      <>
        <p>
          Pro costs {PRO_PRICE_LABEL} in US dollars, billed monthly in advance, and renews automatically until
          you cancel. Payments are processed by our payment provider; we do not store your card number.
        </p>
        <p>
          If a payment fails, we retry it for up to {PAYMENT_RETRY_DAYS} days. If it still cannot be
          collected, your Pro subscription is suspended and your account continues on the Free plan.
        </p>
        <p>
          You can cancel at any time in Settings through the billing portal; Pro stays active until the end of
          the period you have paid for. Payments are not refunded except where the law requires it. We may
          change prices with {CHANGE_NOTICE_DAYS} days' notice; a new price applies from your next billing
          period.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <p>
        Do not upload photos you have no right to use, or content that is unlawful, misleading or infringes
        anyone's rights. Do not try to break, overload, reverse engineer or get around the limits of the
        Service. When you use staged images in listings, follow the rules of your market, including any duty
        to label them as virtually staged.
      </p>
    ),
  },
  {
    id: 'provenance',
    title: 'AI Marking and Provenance',
    body: (
      <p>
        Images made or changed with the Service say so: a disclosure and the address of the unaltered original
        inside the file, and, where your MLS or market asks for it, a label or the EU '{AI_ICON_TEXT.mark}'
        icon with '{AI_ICON_TEXT.modified}' on the image. You must not remove, alter, hide or strip these
        markings or the file's provenance metadata, nor publish an image from which they were removed, nor
        help anyone else do so. The EU AI Act (Article 50) and California law (AB 723, SB 942) expect such
        markings to stay with the image.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your Content',
    body: (
      <p>
        You keep all rights to the photos you upload and to the staged images you create. You give us a
        limited licence to store and process them only to provide the Service to you. We do not use your
        photos for advertising.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our Intellectual Property',
    body: (
      <p>
        The Service, its software, design and brand belong to Stagely. You may not copy or resell the Service
        itself.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and Termination',
    body: (
      <p>
        You may delete your account at any time in Settings. We may suspend or close accounts that break these
        Terms. When an account is closed, its photos, projects and personal data are deleted within{' '}
        {DATA_DELETION_DAYS} days, except records we must keep by law.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        The Service is provided "as is" and "as available". We do not promise that it will be uninterrupted or
        error-free, or that staged images will suit any particular purpose.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent the law allows, Stagely is not liable for indirect, incidental or consequential damages,
        or for lost profits or data. Our total liability for any claim is limited to the amount you paid us in
        the 12 months before the claim arose, or $100 if that is more.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes and Contact',
    body: (
      <p>
        We will tell you about material changes to these Terms at least {CHANGE_NOTICE_DAYS} days before they
        take effect, by e-mail or in the app. Questions about these Terms: <SupportEmail />.
      </p>
    ),
  },
];
