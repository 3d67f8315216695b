/** The year the app was built (`define` in vite.config.ts), for texts that must match the prerendered page. */
declare const __BUILD_YEAR__: number;
