import { z } from 'zod';
import { engineKindSchema } from '../domain/staging';

/** What the packet says of a file handed out with no C2PA manifest (before files were signed). */
export const C2PA_NOT_SIGNED = 'not signed';

/** The packet's words for what a file's C2PA manifest was worth when it was handed out. */
export const C2PA_VALIDATION_TEXTS = {
  valid: 'valid: signed, intact, by a certificate on the trust list',
  'valid-untrusted': 'valid but untrusted: signed and intact, by a self-issued certificate',
  invalid: 'invalid: the manifest does not match the file',
  none: C2PA_NOT_SIGNED,
} as const;
export type C2paValidation = keyof typeof C2PA_VALIDATION_TEXTS;

/** The MLS profile a file was handed over for, with the rule it follows and where that rule was read. */
export const auditProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  rule: z.string(),
  url: z.string().nullable(),
  read: z.string().describe('YYYY-MM-DD'),
  confirmed: z.boolean().describe('Checked against the published text'),
});

/** One published file: what it is, what it came from, what it says, the rules, and when it was made and taken. */
export const auditFileSchema = z.object({
  projectId: z.string(),
  roomId: z.string().nullable(),
  name: z.string().describe("The project's name, or the room's on a property"),
  fileSha256: z
    .string()
    .nullable()
    .describe("The handed-over file's SHA-256 (null on records made before it was kept)"),
  originalSha256: z.string().describe("The unaltered original's SHA-256"),
  version: z.number().int().nullable(),
  variant: z.enum(['clean', 'labelled']),
  label: z.string().nullable().describe('The words on the photo as shown; null: no label on the photo'),
  caption: z.string().nullable().describe("The caption as given for the MLS's field"),
  mlsProfile: auditProfileSchema,
  alterations: z.array(z.string()).describe('Alteration classes (staged, paint, sky...)'),
  alterationLabels: z.array(z.string()),
  engine: engineKindSchema,
  model: z.string().nullable().describe("The provider's model id, which names its version"),
  stagedAt: z.string().describe('ISO 8601'),
  editedAt: z.array(z.string()).describe('Each edit that made this version, ISO 8601'),
  downloadedAt: z.array(z.string()).describe('Each download of this file, ISO 8601, oldest first'),
  downloadedBy: z.array(z.string()),
  c2pa: z.string().describe(`The C2PA validation result; '${C2PA_NOT_SIGNED}' for a file without a manifest`),
});
export type AuditFile = z.infer<typeof auditFileSchema>;

/** `GET .../audit-packet`: every published file of a project or a property, for an MLS compliance desk. */
export const auditPacketSchema = z.object({
  kind: z.enum(['project', 'property']),
  id: z.string(),
  name: z.string(),
  generatedAt: z.string().describe('ISO 8601'),
  files: z.array(auditFileSchema),
});
export type AuditPacket = z.infer<typeof auditPacketSchema>;

export const auditPacketFileName = (kind: AuditPacket['kind'], id: string, ext: 'json' | 'pdf') =>
  `audit-packet-${kind}-${id}.${ext}`;
