import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, setSetting } from '../../offline/db';
import { writeLocalSettings } from '../../offline/settings';
import { failureToast, showConfirmation, showError, showNotice } from './notify';
import { dismissToast, getToasts } from './toast-store';
import { ERROR_TITLE, TRY_AGAIN } from './toast-texts';

const shown = () => getToasts().map((t) => [t.title, t.description, t.variant]);
const quiet = () => writeLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, showNotifications: false });

describe("one toast rule: 'Show notifications' silences confirmations only", () => {
  afterEach(async () => {
    for (const t of getToasts()) dismissToast(t.id);
    await setSetting('local-settings', undefined);
    await closeDb();
  });

  it('shows a confirmation by default', async () => {
    await showConfirmation({ title: 'Settings saved', description: 'Kept here.' });
    expect(shown()).toEqual([['Settings saved', 'Kept here.', undefined]]);
  });

  it('keeps a confirmation quiet when the setting is off', async () => {
    await quiet();
    await showConfirmation({ title: 'Settings saved' });
    expect(getToasts()).toEqual([]);
  });

  it('shows notices and errors whatever the setting says', async () => {
    await quiet();
    showNotice({ title: 'Message saved', description: 'Sent once online.' });
    expect(shown()).toEqual([['Message saved', 'Sent once online.', undefined]]);
    showError('No photo was chosen.');
    expect(shown()).toEqual([[ERROR_TITLE, 'No photo was chosen.', 'destructive']]);
    failureToast('Download Failed')(new Error(''));
    expect(shown()).toEqual([['Download Failed', TRY_AGAIN, 'destructive']]);
  });
});
