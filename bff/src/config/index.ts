export { loadConfig, ConfigError, type Config } from './config';
export { createLogger, type Logger } from './logger';
