import { useEffect, useRef, useState } from 'react';
import { useLocalSettings } from '../../local-settings';
import { DEFAULT_STAGING_OPTIONS, type StagingOptions } from '../staging-options';

/** The panel's options, preset once from the device settings' default room and style unless already edited. */
export function useWorkspaceOptions() {
  const settings = useLocalSettings();
  const [options, setOptionsState] = useState<StagingOptions>(DEFAULT_STAGING_OPTIONS);
  const touched = useRef(false);
  const defaults = settings.data;

  useEffect(() => {
    if (!defaults || touched.current) return;
    setOptionsState((o) => ({
      ...o,
      roomType: defaults.defaultRoomType,
      stylePreset: defaults.defaultStyle,
    }));
  }, [defaults]);

  const setOptions = (next: StagingOptions | ((prev: StagingOptions) => StagingOptions)) => {
    touched.current = true;
    setOptionsState(next);
  };
  return [options, setOptions] as const;
}
