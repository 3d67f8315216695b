export { OriginalPage } from './original-page';
