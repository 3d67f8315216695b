export { PropertySharePage } from './property-share-page';
