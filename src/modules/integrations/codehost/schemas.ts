import { z } from 'zod';

export const personCodehostSchema = z
  .object({ login: z.string(), userId: z.number().int(), writesAsSelf: z.boolean() })
  .nullable()
  .describe("The person's linked code-host identity, shared by all their workspaces; null until linked.");
