import { getDb } from './db';

// Key-value stores: values are whatever the caller stored; callers validate what they read.
export const getSetting = async (key: string): Promise<unknown> => (await getDb()).get('settings', key);
export const setSetting = async (key: string, value: unknown): Promise<void> => {
  await (await getDb()).put('settings', value, key);
};

export const getDraft = async (key: string): Promise<unknown> => (await getDb()).get('drafts', key);
export const setDraft = async (key: string, value: unknown): Promise<void> => {
  await (await getDb()).put('drafts', value, key);
};
export const deleteDraft = async (key: string): Promise<void> => (await getDb()).delete('drafts', key);
