/** The words of the public property page. */
export const PROPERTY_SHARE_TEXTS = {
  title: 'Virtually staged rooms',
  description: 'Before and after photos of the virtually staged rooms of a property, shared with Stagely.',
  staged:
    'These photos have been virtually staged: the furniture and decor were added digitally. Drag a slider to the Before side to see the unedited original photo.',
  preview:
    'These are previews, not staged photos: no furniture or decor was added or removed, only the colours were tinted. Drag a slider to the Before side to see the original photo.',
  empty: 'No staged rooms to show yet. Please ask the agent who sent you the link.',
  openOriginal: 'Open the original photo (full size)',
  loadFailed: 'The photos could not be loaded',
  tryAgain: 'Try again',
} as const;

export const listingText = (listingNumber: string) => `Listing ${listingNumber}`;
