import { z } from 'zod';
import { contactCategorySchema } from '../domain/settings';

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  subject: z.string().trim().min(1).max(300),
  message: z.string().trim().min(1).max(5000),
  category: contactCategorySchema.default('general'),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
