export { StyleFields, type StyleChoice } from './style-fields';
