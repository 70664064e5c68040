// The backend API contract, declared once: TypeBox schemas (JSON Schema for the server's
// validation) with their TypeScript types (for the server's handlers and the wallet's client).
// Bottom layer: imports only npm packages and other src/shared files.
export * from './primitives';
export * from './auth';
export * from './records';
export * from './transactions';
export * from './user';
export * from './services';
export * from './login';
export * from './key-node';
