export * from './common';
export * from './auth';
export * from './user';
export * from './projects';
export * from './billing';
export * from './contact';
export * from './routes';
export * from './openapi';
