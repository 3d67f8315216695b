/** Shared by the service worker and the page (which clears these on logout). */
export const PROJECT_IMAGES_CACHE = 'stagely-project-images';
export const USER_CACHES = [PROJECT_IMAGES_CACHE];
