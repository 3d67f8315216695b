import { API_ROUTES, API_SCOPES, WEBHOOK_EVENTS, WEBHOOK_HEADERS, type WebhookPayload } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { API_DOCS_TEXTS as T } from '../api-docs-texts';

const EXAMPLE: WebhookPayload = {
  type: 'project.finished',
  timestamp: '2026-11-29T10:00:00.000Z',
  data: {
    projectId: '9b2f6c1e-5d0a-4c1e-9d52-3f1f4c2b7a10',
    propertyId: null,
    name: 'Front room',
    status: 'completed',
    error: null,
  },
};

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the whsec_... shown when the webhook was registered; body: the raw request body, unparsed.
function verify(secret, headers, body) {
  const id = headers['${WEBHOOK_HEADERS.id}'];
  const timestamp = headers['${WEBHOOK_HEADERS.timestamp}'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace('whsec_', ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64');
  return headers['${WEBHOOK_HEADERS.signature}'].split(' ').some(
    (sig) => sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected)),
  );
}`;

const code = 'mt-2 overflow-x-auto rounded-lg bg-slate-950 p-4 text-sm text-slate-200';

/** Key authentication, scopes and webhooks: what another system needs beyond the list of routes. */
export function KeysAndWebhooks() {
  return (
    <section id="keys-and-webhooks" aria-labelledby="keys-title" className="mt-10 scroll-mt-20">
      <h2 id="keys-title" className="text-2xl font-semibold">
        {T.keysTitle}
      </h2>
      <p className="mt-2 text-slate-300">{T.keysIntro}</p>
      <Code label={T.keysTitle}>
        {`curl -H "Authorization: Bearer stg_..." ${location.origin}${apiPath('projects')}`}
      </Code>
      <h3 className="mt-6 text-xl font-semibold">{T.scopesTitle}</h3>
      <ul className="mt-2 space-y-2 text-slate-300">
        {API_SCOPES.map((scope) => (
          <li key={scope}>
            <code className="text-white">{scope}</code>: {T.scopes[scope]} (
            {API_ROUTES.filter((r) => r.scope === scope).length} {T.routes})
          </li>
        ))}
      </ul>
      <h3 className="mt-6 text-xl font-semibold">{T.webhooksTitle}</h3>
      <p className="mt-2 text-slate-300">{T.webhooksIntro}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 text-slate-300">
        {WEBHOOK_EVENTS.map((e) => (
          <li key={e}>
            <code className="text-white">{e}</code>
          </li>
        ))}
      </ul>
      <h4 className="mt-4 font-semibold">{T.payloadTitle}</h4>
      <Code label={T.payloadTitle}>{JSON.stringify(EXAMPLE, null, 2)}</Code>
      <h4 className="mt-4 font-semibold">{T.verifyTitle}</h4>
      <p className="mt-2 text-slate-300">{T.verifyIntro}</p>
      <Code label={T.verifyTitle}>{VERIFY_SNIPPET}</Code>
    </section>
  );
}

/** A code sample that may scroll sideways on a phone: focusable, so a keyboard can scroll it too. */
function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre tabIndex={0} aria-label={label} className={code}>
      {children}
    </pre>
  );
}
