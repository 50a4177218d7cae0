export * from './application.js';
export * from './kernel-error.js';
export * from './to-response.js';
