export * from './staging';
export * from './status';
export * from './limits';
export * from './settings';
export * from './format';
export * from './messages';
export * from './sharing';
export * from './display-text';
