import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

const json = z.record(z.string(), z.unknown());
const media = z.record(z.string(), z.object({ schema: json.optional() }).loose());

const operationSchema = z
  .object({
    summary: z.string().default(''),
    tags: z.array(z.string()).default([]),
    'x-auth': z.string().optional(),
    parameters: z
      .array(
        z
          .object({
            name: z.string(),
            in: z.string(),
            required: z.boolean().optional(),
            description: z.string().optional(),
            schema: json.optional(),
          })
          .loose(),
      )
      .default([]),
    requestBody: z.object({ content: media }).loose().optional(),
    responses: z.record(
      z.string(),
      z
        .object({
          description: z.string(),
          content: media.optional(),
          headers: z.record(z.string(), z.object({ description: z.string().default('') }).loose()).optional(),
        })
        .loose(),
    ),
  })
  .loose();

/** The parts of an OpenAPI 3.1 document this page shows; JSON Schemas stay plain objects. */
export const openApiDocSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), operationSchema)),
    components: z
      .object({ schemas: z.record(z.string(), json).default({}) })
      .loose()
      .default({ schemas: {} }),
  })
  .loose();
export type OpenApiDoc = z.infer<typeof openApiDocSchema>;
export type Operation = z.infer<typeof operationSchema>;
export type JsonSchema = z.infer<typeof json>;

export const openApiQueryOptions = () =>
  queryOptions({
    queryKey: [apiPath('openapi')],
    queryFn: () => apiJson(apiPath('openapi'), openApiDocSchema),
  });

export function useOpenApiDocument() {
  return useQuery(openApiQueryOptions());
}

export interface OperationEntry {
  method: string;
  path: string;
  op: Operation;
}

/** Operations grouped by their first tag, in document order. */
export function groupByTag(doc: OpenApiDoc): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      const list = groups.get(tag) ?? [];
      list.push({ method, path, op });
      groups.set(tag, list);
    }
  }
  return [...groups];
}
