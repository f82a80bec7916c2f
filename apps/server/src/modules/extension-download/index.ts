export { extensionDownloadRoutes } from './extension-download.routes';
