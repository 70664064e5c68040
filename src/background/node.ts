/** Node-only additions to the headless API. */
export * from './index';
export { FileStorage } from './persistence/file-storage';
