import { SettingsDialogButton } from '../../../components/settings-dialog';
import { HelpDialogButton } from './help-dialog';

/** Help and the device's settings: in the header of the workspace and of a property's screen alike. */
export function WorkspaceHeaderTools() {
  return (
    <>
      <HelpDialogButton />
      <SettingsDialogButton />
    </>
  );
}
