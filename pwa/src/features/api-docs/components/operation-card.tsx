import type { OperationEntry } from '../api/get-openapi';
import { SchemaView } from './schema-view';

const METHOD_STYLES: Record<string, string> = {
  get: 'bg-emerald-900 text-emerald-100',
  post: 'bg-indigo-900 text-indigo-100',
  put: 'bg-amber-900 text-amber-100',
  delete: 'bg-red-900 text-red-100',
};

export const AUTH_LABELS: Record<string, string> = {
  none: 'No sign-in needed',
  session: 'Signed-in session required',
  optional: 'Works signed in or out',
};

export const operationAnchor = (method: string, path: string) =>
  `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

function Content({ content }: { content: Record<string, { schema?: Record<string, unknown> }> }) {
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type} className="mt-1">
          <p className="font-mono text-xs text-slate-400">{type}</p>
          {media.schema && Object.keys(media.schema).length > 0 && <SchemaView schema={media.schema} />}
        </div>
      ))}
    </>
  );
}

/** One route: method, path, summary, auth, parameters, request body and every response. */
export function OperationCard({ entry }: { entry: OperationEntry }) {
  const { method, path, op } = entry;
  const auth = op['x-auth'] ?? 'none';
  return (
    <article
      id={operationAnchor(method, path)}
      aria-label={`${method.toUpperCase()} ${path}`}
      className="scroll-mt-20 rounded-2xl border border-slate-800 bg-slate-900 p-4 sm:p-5"
    >
      <h3 className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLES[method] ?? ''}`}
        >
          {method}
        </span>
        <code className="font-mono text-base break-all text-white">{path}</code>
      </h3>
      <p className="mt-2 text-slate-200">{op.summary}</p>
      <p className="mt-1 text-sm text-slate-400">{AUTH_LABELS[auth] ?? auth}</p>

      {op.parameters.length > 0 && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-semibold text-white">{p.name}</code>{' '}
                <span className="text-slate-400">
                  in {p.in}
                  {p.required ? ', required' : ', optional'}
                </span>
                {p.description && <span className="text-slate-300">: {p.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      {op.requestBody && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">Request body</h4>
          <Content content={op.requestBody.content} />
        </div>
      )}

      <div className="mt-4">
        <h4 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">Responses</h4>
        <ul className="mt-1 space-y-3">
          {Object.entries(op.responses).map(([status, r]) => (
            <li key={status}>
              <p className="text-sm">
                <span className="font-mono font-semibold text-white">{status}</span>{' '}
                <span className="text-slate-300">{r.description}</span>
              </p>
              {r.headers &&
                Object.entries(r.headers).map(([name, header]) => (
                  <p key={name} className="mt-1 text-sm">
                    <span className="text-slate-400">Header </span>
                    <code className="font-semibold text-white">{name}</code>
                    {header.description && <span className="text-slate-300">: {header.description}</span>}
                  </p>
                ))}
              {r.content && <Content content={r.content} />}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
