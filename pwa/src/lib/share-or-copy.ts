export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Hands a link to the system share sheet where there is one (phones: Web Share API), else copies it to
 * the clipboard. The caller tells the user what happened; 'failed' means they must copy it by hand.
 */
export async function shareOrCopy(data: { url: string; title: string; text: string }): Promise<ShareOutcome> {
  const nav = navigator as Navigator & { canShare?: (d: ShareData) => boolean };
  if (typeof nav.share === 'function' && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (err) {
      // Closing the share sheet is a choice, not an error.
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(data.url);
}

/** Copies `text`; 'failed' when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<'copied' | 'failed'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
