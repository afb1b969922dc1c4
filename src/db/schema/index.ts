export * from './auth.js';
export * from './tenancy.js';
export * from './codehost.js';
export * from './cache.js';
export * from './activity.js';
export * from './views.js';
export * from './writes.js';
export * from './webhooks.js';
