import { apiPath } from '@shared/api/api-paths';
import { PublicLayout } from '../../components/public-layout';
import { usePageMeta } from '../../lib/use-page-meta';
import { groupByTag, useOpenApiDocument } from './api/get-openapi';
import { OperationCard, operationAnchor } from './components/operation-card';
import { KeysAndWebhooks } from './components/keys-and-webhooks';
import { SchemaView } from './components/schema-view';

export const API_DOCS_DESCRIPTION =
  'The Stagely HTTP API: every endpoint with its method, path, sign-in needs, request fields, responses and error format.';

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Renders GET /api/openapi.json, which the server generates from the shared schemas. */
export function ApiDocsPage() {
  usePageMeta('API Documentation', API_DOCS_DESCRIPTION);
  const { data: doc, isPending, isError, error, refetch } = useOpenApiDocument();
  const groups = doc ? groupByTag(doc) : [];

  return (
    <PublicLayout>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API Documentation</h1>
      {isPending && <p className="mt-6 text-slate-300">Loading the API description...</p>}
      {isError && (
        <div role="alert" className="mt-6 rounded-2xl border border-red-800 bg-red-950 p-5 text-red-100">
          <p>{error.message}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-red-700 px-4 hover:bg-red-900"
          >
            Try again
          </button>
        </div>
      )}
      {doc && (
        <>
          <p className="mt-3 text-slate-300">
            {doc.info.title}, version {doc.info.version}. {doc.info.description}
          </p>
          <p className="mt-2 text-sm text-slate-400">
            The machine-readable description is at{' '}
            <a href={apiPath('openapi')} className="font-mono text-indigo-300 underline">
              {apiPath('openapi')}
            </a>{' '}
            (OpenAPI {doc.openapi}).
          </p>

          <KeysAndWebhooks />

          <nav
            aria-labelledby="api-toc"
            className="mt-6 rounded-2xl border border-slate-800 bg-slate-900 p-5"
          >
            <h2 id="api-toc" className="text-lg font-semibold">
              Contents
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-4">
              <li>
                <a href="#schemas" className="inline-flex min-h-11 items-center text-indigo-300 underline">
                  Error format and shared schemas
                </a>
              </li>
              {groups.map(([tag, ops]) => (
                <li key={tag}>
                  <a
                    href={`#${tagAnchor(tag)}`}
                    className="inline-flex min-h-11 items-center text-indigo-300 underline"
                  >
                    {tag} ({ops.length})
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <section id="schemas" aria-labelledby="schemas-title" className="mt-10 scroll-mt-20">
            <h2 id="schemas-title" className="text-2xl font-semibold">
              Error format and shared schemas
            </h2>
            <p className="mt-2 text-slate-300">
              Every error answer is JSON with a stable <code className="text-white">error</code> code and a{' '}
              <code className="text-white">message</code> sentence fit to show a user.
            </p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {Object.entries(doc.components.schemas).map(([name, schema]) => (
                <div
                  key={name}
                  id={`schema-${name}`}
                  className="scroll-mt-20 rounded-2xl border border-slate-800 bg-slate-900 p-4"
                >
                  <h3 className="font-mono font-semibold text-white">{name}</h3>
                  <div className="mt-2">
                    <SchemaView schema={schema} />
                  </div>
                </div>
              ))}
            </div>
          </section>

          {groups.map(([tag, ops]) => (
            <section
              key={tag}
              id={tagAnchor(tag)}
              aria-labelledby={`${tagAnchor(tag)}-title`}
              className="mt-10 scroll-mt-20"
            >
              <h2 id={`${tagAnchor(tag)}-title`} className="text-2xl font-semibold">
                {tag}
              </h2>
              <div className="mt-4 space-y-4">
                {ops.map((entry) => (
                  <OperationCard key={operationAnchor(entry.method, entry.path)} entry={entry} />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </PublicLayout>
  );
}
