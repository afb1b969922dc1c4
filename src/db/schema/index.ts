export * from './auth.js';
export * from './tenancy.js';
