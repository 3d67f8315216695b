export { PropertiesPanel } from './components/properties-panel';
export { PropertyPage } from './components/property-page';
export { PROPERTY_TEXTS, ZIP_SHARE_CONFIRM, roomName, roomTitle, stageLabel } from './property-texts';
