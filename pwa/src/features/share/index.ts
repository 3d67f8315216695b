export { SharePage } from './share-page';
export { OriginalPage } from './original-page';
