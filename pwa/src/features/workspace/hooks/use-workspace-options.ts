import { usableStyle } from '@shared/domain';
import { useEffect, useRef, useState } from 'react';
import { useIsPro } from '../../../lib/limits';
import { useLocalSettings } from '../../../offline/settings';
import { DEFAULT_STAGING_OPTIONS, type StagingOptions } from '../staging-options';

/**
 * The panel's options, preset once from the device settings' default room and style unless already edited;
 * a saved Pro style the account may no longer use (its plan ended) gives way to the default style.
 */
export function useWorkspaceOptions() {
  const settings = useLocalSettings();
  const pro = useIsPro();
  const [options, setOptionsState] = useState<StagingOptions>(DEFAULT_STAGING_OPTIONS);
  const touched = useRef(false);
  const defaults = settings.data;

  useEffect(() => {
    if (!defaults || touched.current) return;
    setOptionsState((o) => ({
      ...o,
      roomType: defaults.defaultRoomType,
      stylePreset: usableStyle(defaults.defaultStyle, pro !== false),
    }));
  }, [defaults, pro]);

  const setOptions = (next: StagingOptions | ((prev: StagingOptions) => StagingOptions)) => {
    touched.current = true;
    setOptionsState(next);
  };
  return [options, setOptions] as const;
}
