import { useProviders } from '../../../lib/auth-providers';

/** "Google, GitHub, or an email address and password" */
const formatAlternatives = (names: readonly string[]): string =>
  new Intl.ListFormat('en', { style: 'long', type: 'disjunction' }).format(names);

/** The sign-in methods this deployment really offers, named in the legal text. */
export function useSignInMethods() {
  const { data } = useProviders();
  const oauth = data?.providers.map((p) => p.name) ?? [];
  const methods = [...oauth, ...(data?.email === false ? [] : ['an email address and password'])];
  return {
    loaded: Boolean(data),
    oauth,
    sentence: data
      ? `You can sign in with ${formatAlternatives(methods)}.`
      : 'You can sign in with the methods offered in the sign-in dialog.',
  };
}

export function SignInMethodsSentence() {
  return <>{useSignInMethods().sentence}</>;
}

/** What an identity provider shares with us, naming only the providers that are switched on. */
export function ProviderDataSentence() {
  const { loaded, oauth } = useSignInMethods();
  if (loaded && oauth.length === 0) return null;
  const who = oauth.length ? formatAlternatives(oauth) : 'an identity provider';
  return (
    <>
      When you sign in through {who}, that provider shares your name, e-mail address and profile picture with
      us; we never see your password there.
    </>
  );
}
