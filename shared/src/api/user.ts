import { z } from 'zod';
import {
  emailNotificationsSchema,
  inAppNotificationsSchema,
  notificationPreferencesSchema,
} from '../domain/settings';
import { DELETE_ACCOUNT_CONFIRMATION } from '../domain/limits';
import { asSentence, INVALID_DELETE_CONFIRMATION } from '../domain/messages';
import { mlsProfileIdSchema } from '../domain/mls-profiles';
import { engineKindSchema } from '../domain/staging';

export const preferencesSchema = notificationPreferencesSchema.extend({
  mlsProfile: mlsProfileIdSchema.describe(
    'The MLS whose photo rules downloads follow unless a property says otherwise',
  ),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Whole objects only: any of the two groups and the MLS. */
export const preferencesUpdateSchema = z
  .object({
    emailNotifications: emailNotificationsSchema.optional(),
    inAppNotifications: inAppNotificationsSchema.optional(),
    mlsProfile: mlsProfileIdSchema.optional(),
  })
  .strict()
  .refine((v) => v.emailNotifications || v.inAppNotifications || v.mlsProfile, {
    message: 'Send emailNotifications, inAppNotifications and/or mlsProfile.',
  });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** The longest confirmation text the server reads (the form's limit too). */
export const DELETE_CONFIRMATION_MAX = 100;
export const deleteAccountRequestSchema = z.object({
  confirmationText: z.string().max(DELETE_CONFIRMATION_MAX),
});
/** What the settings form lets through: only the exact confirmation deletes an account. */
export const deleteAccountConfirmationSchema = z.object({
  confirmationText: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    message: asSentence(INVALID_DELETE_CONFIRMATION),
  }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const limitsSchema = z.object({
  hasActiveSubscription: z.boolean(),
  generationsUsed: z.number().int().min(0),
  maxGenerations: z.union([z.number().int().min(0), z.literal('unlimited')]),
  canGenerate: z.boolean(),
  creditsReturned: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Credits given back this month: failed stagings and results our structure check flagged'),
  freeRetries: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Free Restages and Try agains this month: the retry owed to a result our check flagged'),
});
export type Limits = z.infer<typeof limitsSchema>;

export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  signInProviders: z.array(z.string()),
  paymentsEnabled: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  engine: engineKindSchema.describe('What stages rooms now: an AI provider, or the local preview engine'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
