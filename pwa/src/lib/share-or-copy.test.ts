import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-or-copy';

const data = { url: 'https://stagely.example/s/tok', title: 'Lounge', text: 'Before and after' };

function stubNavigator(parts: { share?: unknown; canShare?: unknown; writeText?: unknown }) {
  vi.stubGlobal('navigator', {
    ...(parts.share ? { share: parts.share } : {}),
    ...(parts.canShare ? { canShare: parts.canShare } : {}),
    clipboard: { writeText: parts.writeText ?? vi.fn().mockResolvedValue(undefined) },
  });
}

describe('shareOrCopy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the share sheet when the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    stubNavigator({ share, writeText });
    expect(await shareOrCopy(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled, and any other failure as a reason to copy', async () => {
    stubNavigator({ share: vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')) });
    expect(await shareOrCopy(data)).toBe('cancelled');
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ share: vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')), writeText });
    expect(await shareOrCopy(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('copies the link without a share sheet, or when it cannot share this data', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubNavigator({ writeText });
    expect(await shareOrCopy(data)).toBe('copied');
    const share = vi.fn();
    stubNavigator({ share, canShare: () => false, writeText });
    expect(await shareOrCopy(data)).toBe('copied');
    expect(share).not.toHaveBeenCalled();
  });

  it('reports a refused clipboard so the user can copy by hand', async () => {
    stubNavigator({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    expect(await shareOrCopy(data)).toBe('failed');
  });
});
