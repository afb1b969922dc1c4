export * from './auth.js';
export * from './tenancy.js';
export * from './codehost.js';
export * from './cache.js';
export * from './activity.js';
export * from './projects.js';
