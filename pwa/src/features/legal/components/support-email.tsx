import { usePublicConfig } from '../../../lib/public-config';

/** The deployment's support address as a mail link; the contact page while it is unknown (offline). */
export function SupportEmail() {
  const email = usePublicConfig().data?.supportEmail;
  if (!email)
    return (
      <a href="/contact" className="text-indigo-300 underline">
        our contact page
      </a>
    );
  return (
    <a href={`mailto:${email}`} className="break-all text-indigo-300 underline">
      {email}
    </a>
  );
}
