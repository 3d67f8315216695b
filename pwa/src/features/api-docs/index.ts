export { ApiDocsPage } from './api-docs-page';
