/** The toasts of a result's Download, in the workspace and on a property's rooms (the spec's words where it has them). */
export const DOWNLOAD_TOASTS = {
  downloadFailed: 'Failed to download image',
  export4kPreparing: {
    title: 'Preparing your 4K image',
    description: 'AI upscaling takes a few seconds the first time.',
  },
  export4kEnlarged: '4K image enlarged',
} as const;
