import { z } from 'zod';

/** `{ ok: true }`, for operations with nothing else to return. */
export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
export const ok = { ok: true as const };

/** ISO 8601 date-time in UTC, as every time on the wire. */
export const timestamp = () => z.iso.datetime({ offset: true });
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A path with one id, described: the description is what /openapi.json and an MCP tool's argument say of it. */
export const uuidParam = (name: string, description: string) => z.object({ [name]: z.uuid().describe(description) });

