import { z } from 'zod';

/** What a key may do: read projects; stage and edit (spends credits); properties; hand-over and sharing. */
export const API_SCOPES = ['projects:read', 'staging', 'properties', 'handover'] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** The header a program sends instead of the session cookie: `Authorization: Bearer <key>`. */
export const API_KEY_PREFIX = 'stg_';

export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Give the key a name.' })
    .max(80, { message: 'A key name is at most 80 characters.' }),
  scopes: z
    .array(apiScopeSchema, { message: 'Choose what the key may do.' })
    .min(1, { message: 'Choose at least one scope.' })
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as Settings lists it: never the key itself, only its first characters to tell keys apart. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The key's first characters, e.g. `stg_Ab12`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Calls made with the key this calendar month (UTC). */
  callsThisMonth: z.number().int().nonnegative(),
  /** Credits its stagings hold this month (a failed one's credit is given back). */
  creditsThisMonth: z.number().int().nonnegative(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a create: the only time the full key is shown. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({ id: z.string().min(1).max(100) });
