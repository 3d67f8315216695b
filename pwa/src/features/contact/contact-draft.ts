import { contactCategorySchema, DEFAULT_CONTACT_CATEGORY, type ContactCategory } from '@shared/domain';
import { z } from 'zod';
import { deleteDraft, getDraft, setDraft } from '../../offline/db';

/** The form as typed so far; kept in the browser only, never sent until the user sends it. */
export interface ContactDraft {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: ContactCategory;
}

export const EMPTY_CONTACT_DRAFT: ContactDraft = {
  name: '',
  email: '',
  subject: '',
  message: '',
  category: DEFAULT_CONTACT_CATEGORY,
};

const DRAFT_KEY = 'contact';
const text = z.string().max(10_000).catch('');
const storedDraftSchema = z.object({
  name: text,
  email: text,
  subject: text,
  message: text,
  category: contactCategorySchema.catch(DEFAULT_CONTACT_CATEGORY),
});

export const isEmptyDraft = (d: ContactDraft): boolean =>
  !d.name && !d.email && !d.subject && !d.message && d.category === DEFAULT_CONTACT_CATEGORY;

/** The stored draft, or null when there is none (or it is unreadable). */
export async function loadContactDraft(): Promise<ContactDraft | null> {
  const parsed = storedDraftSchema.safeParse(await getDraft(DRAFT_KEY));
  return parsed.success && !isEmptyDraft(parsed.data) ? parsed.data : null;
}

export async function saveContactDraft(draft: ContactDraft): Promise<void> {
  if (isEmptyDraft(draft)) await deleteDraft(DRAFT_KEY);
  else await setDraft(DRAFT_KEY, draft);
}

export const clearContactDraft = (): Promise<void> => deleteDraft(DRAFT_KEY);
