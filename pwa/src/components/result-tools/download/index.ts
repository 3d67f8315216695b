export { useResultDownload, type ResultDownload, type ResultDownloadOptions } from './use-result-download';
export { useProjectDownload, type DownloadChoice } from './use-project-download';
export { DOWNLOAD_MLS_TEXTS } from './download-mls-select';
export { DOWNLOAD_TOASTS } from './download-texts';
