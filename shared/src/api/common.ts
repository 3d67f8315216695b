import { z } from 'zod';
import { cleanDisplayText } from '../domain/display-text';
import { engineKindSchema } from '../domain/staging';

/** Every error answer of the API. */
export const apiErrorSchema = z.object({
  error: z.string().describe('A stable machine-readable code'),
  message: z.string().describe('A sentence fit to show the user'),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** 402 when the free quota is used up. */
export const paymentRequiredSchema = apiErrorSchema.extend({ needsSubscription: z.literal(true) });
export type PaymentRequiredBody = z.infer<typeof paymentRequiredSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const modelStatusSchema = z.object({
  provider: z.enum(['openai', 'gemini']),
  role: z.enum(['image', 'draft', 'analysis']),
  model: z.string(),
  served: z
    .boolean()
    .nullable()
    .describe("In the provider's model list at the last check; null when the list could not be read"),
  shutdown: z
    .string()
    .nullable()
    .describe(
      "The provider's announced shutdown day (YYYY-MM-DD), from our table: the model lists carry none",
    ),
  daysLeft: z.number().int().nullable(),
  replacement: z.string().nullable(),
  checkedAt: z.string().describe('When the model list was last asked (ISO 8601)'),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** What an operator sees of the server (with HEALTH_TOKEN): what runs, the disk, the links, the models. */
export const healthDetailsSchema = z.object({
  store: z.enum(['nedb', 'mongodb']),
  engine: engineKindSchema.describe('The AI provider that stages rooms, or the local preview engine'),
  model: z.string().nullable().describe("The provider's image model; null for the preview engine"),
  upscaler: z.string().nullable().describe("The 4K upscaler's model; null when 4K exports are enlargements"),
  draft: z
    .string()
    .nullable()
    .describe(
      "The first look a staging shows marked 'Draft' before its final (the engine's fast pass); null when the engine has no fast option or STAGING_DRAFT is false",
    ),
  version: z.string(),
  disk: z
    .object({
      freeBytes: z.number().nullable(),
      low: z.boolean().describe('Below MIN_FREE_DISK_MB: uploads and sign-ups are refused, reads go on'),
    })
    .describe('Where the embedded data lives; freeBytes is null when not watched (MongoDB)'),
  links: z
    .object({
      origin: z.string().describe('Where every link the server writes points: PUBLIC_URL, else this machine'),
      localOnly: z.boolean().describe('PUBLIC_URL is not set: links work only on this machine'),
      note: z.string().nullable().describe('What to do about it, when localOnly'),
    })
    .describe('The origin of the links in mail, share links, QR codes and Stripe return addresses'),
  provenance: z
    .object({
      signer: z
        .enum(['configured', 'self-issued'])
        .describe('C2PA_KEY/C2PA_CERT, or a key made into DATA_DIR'),
      note: z.string().nullable().describe('What readers show and what to do about it, when self-issued'),
    })
    .describe('How every altered image handed out is signed (C2PA) and watermarked'),
  models: z
    .array(modelStatusSchema)
    .describe(
      'The configured AI models: served or not, and any shutdown date (checked at start-up and daily)',
    ),
});
/** Anyone learns only whether the server is up and ready; the details need HEALTH_TOKEN. */
export const healthSchema = z
  .object({ status: z.literal('ok'), ready: z.boolean() })
  .extend(healthDetailsSchema.partial().shape);
export type Health = z.infer<typeof healthSchema>;

/** Multipart text fields arrive as strings; empty strings mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** An optional name shown to people (projects, users): control and bidi-override characters removed. */
export const optionalName = (max: number) =>
  z
    .string()
    .transform(cleanDisplayText)
    .pipe(z.string().max(max))
    .optional()
    .transform((v) => (v ? v : undefined));

/** The longest address mail can carry (RFC 5321). */
export const EMAIL_MAX = 254;
/** An email address as typed: trimmed, lowercased, at most EMAIL_MAX characters, with a sentence. */
export const emailAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { message: `Please enter an email address of at most ${EMAIL_MAX} characters.` })
  .pipe(z.email({ message: 'Please enter a valid email address.' }));
