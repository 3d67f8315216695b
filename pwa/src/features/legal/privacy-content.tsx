import type { LegalSection } from './components/legal-document';
import { ProviderDataSentence, SignInMethodsSentence } from './components/sign-in-methods';
import { SupportEmail } from './components/support-email';
import { CHANGE_NOTICE_DAYS, DATA_DELETION_DAYS, MINIMUM_AGE } from './terms-content';

export const LOG_RETENTION_MONTHS = 12;

/** The sections of the Privacy Policy. */
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>
          <strong className="text-slate-100">Account information:</strong> your name, e-mail address and, if
          you add one, a profile picture. <SignInMethodsSentence /> <ProviderDataSentence />
        </p>
        <p>
          <strong className="text-slate-100">Photos and projects:</strong> the room photos you upload, the
          staged images we create, and the options you chose (room type, style, palette, prompt).
        </p>
        <p>
          <strong className="text-slate-100">Usage and technical data:</strong> how many generations you used,
          and server logs with your IP address, browser type and the time of each request.
        </p>
      </>
    ),
  },
  {
    id: 'photo-processing',
    title: 'How We Handle Your Photos',
    body: (
      <p>
        When a photo is uploaded we remove all of its embedded metadata, including the GPS location where it
        was taken and the camera details, before it is stored. Photos are processed only to analyse and stage
        the room; when staging is done by an AI service provider, the photo is sent to it for that purpose
        only.
      </p>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Information',
    body: (
      <p>
        To provide and improve the Service, to keep your projects, to count your generations, to process
        payments, to answer your messages, to send the e-mails you asked for, and to protect the Service
        against abuse. We do not sell your personal information and do not show you third-party advertising.
      </p>
    ),
  },
  {
    id: 'emails',
    title: 'E-mails We Send',
    body: (
      <>
        <p>
          <strong className="text-slate-100">Account e-mails</strong>, which you always receive when they
          apply: the link to reset your password when you ask for one.
        </p>
        <p>
          <strong className="text-slate-100">Notifications you can turn off in Settings:</strong> a message
          when your photos are staged (one per photo, or one summary for a batch or a property), saying why a
          staging failed and that its credit was returned; and news about your subscription (Pro started, a
          payment that failed and when it will be retried, a cancellation and the date it ends).
        </p>
        <p>
          <strong className="text-slate-100">Replies to your messages:</strong> when you write to us, a
          confirmation with a copy of your message, and our answer.
        </p>
        <p>
          <strong className="text-slate-100">Device notifications:</strong> only on a device where you turn on
          'Notify this device when photos are staged' in Settings, a notification when your photos are staged.
          Your browser's push service delivers it encrypted; signing out on that device turns it off.
        </p>
        <p>
          We send no marketing e-mail today; if we ever do, only to those who turn it on in Settings. Our
          e-mails contain no remote images or tracking, so we do not know whether or when you open them.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing with Service Providers',
    body: (
      <p>
        We share information only with providers that help us run the Service: hosting and storage, the AI
        service that stages your photos, our payment provider (which handles your card details; we never see
        the full card number) and the sign-in providers you choose to use. They may use it only to provide
        their service to us. We disclose information when the law requires it.
      </p>
    ),
  },
  {
    id: 'cookies-storage',
    title: 'Cookies and Storage on Your Device',
    body: (
      <p>
        We use one essential cookie to keep you signed in; we use no advertising or tracking cookies. The app
        also stores data in your browser so it works offline: photos waiting to upload, form drafts, messages
        waiting to be sent and your local settings. This data stays on your device until it is sent or you
        clear it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep your account data and projects while your account is open. When you delete a project it is
        removed at once; when you delete your account, all its photos, projects and personal data are deleted
        within {DATA_DELETION_DAYS} days. Server logs are kept for up to {LOG_RETENTION_MONTHS} months for
        security, then deleted. Demo photos uploaded without an account are deleted after 24 hours.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels over encrypted connections. Passwords are stored only as salted hashes, sessions use
        secure http-only cookies, and only you can see your projects. No system is perfectly secure, but we
        work to protect your information and will tell you about a breach that affects you as the law
        requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights and Choices',
    body: (
      <p>
        You can see and update your profile, choose which e-mails you receive, download your staged images and
        delete projects or your whole account in Settings. You may also ask us for a copy of your data or to
        correct or delete it by writing to <SupportEmail />.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        Stagely is for adults. You must be at least {MINIMUM_AGE} to use it, and we do not knowingly collect
        information from anyone younger. If you believe a minor has given us information, contact us and we
        will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We will tell you about material changes at least {CHANGE_NOTICE_DAYS} days before they take effect, by
        e-mail or in the app. The date at the top shows when this policy last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about your privacy: <SupportEmail />. Stagely, San Francisco, CA.
      </p>
    ),
  },
];
