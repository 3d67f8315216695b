import { z } from 'zod';
import { contactCategorySchema } from '../domain/settings';
import { emailAddressSchema } from './common';

/** The longest name, subject and message one contact message may carry (the form's limits too). */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_SUBJECT_MAX = 300;
export const CONTACT_MESSAGE_MAX = 5000;

const text = (max: number, missing: string, tooLong: string) =>
  z.string().trim().min(1, { message: missing }).max(max, { message: tooLong });

export const contactMessageSchema = z.object({
  name: text(
    CONTACT_NAME_MAX,
    'Please enter your name.',
    `Please shorten your name to ${CONTACT_NAME_MAX} characters.`,
  ),
  email: emailAddressSchema,
  subject: text(
    CONTACT_SUBJECT_MAX,
    'Please enter a subject.',
    `Please shorten the subject to ${CONTACT_SUBJECT_MAX} characters.`,
  ),
  message: text(
    CONTACT_MESSAGE_MAX,
    'Please enter a message.',
    `Please shorten the message to ${CONTACT_MESSAGE_MAX} characters.`,
  ),
  category: contactCategorySchema.default('general'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
/** What a client sends (category may be left out). */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
