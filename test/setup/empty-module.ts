// Stands in for a global stylesheet in jest (see jest.config.mjs).
export {};
