import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';

interface Natural {
  url: string;
  width: number;
  height: number;
}

/**
 * The shape of the box a photo is shown in: its natural size once loaded, until then the size the caller
 * knows (or guesses). Read from the loaded image, never from `window`, so it also renders on a server.
 */
export function usePhotoBox(url: string, knownWidth: number, knownHeight: number) {
  const ref = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<Natural | null>(null);

  const measure = useCallback(
    (img: HTMLImageElement) => {
      if (img.naturalWidth > 0 && img.naturalHeight > 0)
        setNatural({ url, width: img.naturalWidth, height: img.naturalHeight });
    },
    [url],
  );
  // An image that finished before React attached its handlers (cached, or a prerendered page) fires no load.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) measure(img);
  }, [measure]);

  const onLoad = (e: SyntheticEvent<HTMLImageElement>) => measure(e.currentTarget);
  const known = natural?.url === url ? natural : null;
  return {
    ref,
    onLoad,
    width: known?.width ?? knownWidth,
    height: known?.height ?? knownHeight,
    measured: known !== null,
  };
}
