export { loadConfig, ConfigError, type Config } from './config';
export { createLogger, type Logger } from './logger';
export { appOrigin, localLinksNote, publicUrl, type LinkConfig } from './public-url';
export { DataFileError, dataFileMadeOnce, folderInPlace, parseDataFile, readDataFile } from './data-file';
