import { defineConfig } from 'drizzle-kit';

// Used only by `npx drizzle-kit generate` to write the next SQL migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});
