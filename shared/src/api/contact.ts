import { z } from 'zod';
import { contactCategorySchema } from '../domain/settings';

const text = (max: number, missing: string, tooLong: string) =>
  z.string().trim().min(1, { message: missing }).max(max, { message: tooLong });

export const contactMessageSchema = z.object({
  name: text(200, 'Please enter your name.', 'Please shorten your name to 200 characters.'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  subject: text(300, 'Please enter a subject.', 'Please shorten the subject to 300 characters.'),
  message: text(5000, 'Please enter a message.', 'Please shorten the message to 5000 characters.'),
  category: contactCategorySchema.default('general'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
/** What a client sends (category may be left out). */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
