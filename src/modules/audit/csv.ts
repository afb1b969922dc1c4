import type { AuditRow } from './store.js';

/**
 * One CSV field (RFC 4180). A value a spreadsheet would take for a formula (it begins with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`, so an actor's name or a title
 * someone chose cannot run as a formula in whoever opens the export.
 */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: (string | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

export const AUDIT_CSV_COLUMNS = [
  'created_at',
  'action',
  'actor_type',
  'actor_name',
  'actor_member_id',
  'actor_customer_id',
  'credential',
  'api_key_id',
  'api_key_name',
  'object_type',
  'object_id',
  'before',
  'after',
  'request_id',
  'entry_id',
] as const;

interface StoredActor {
  type?: string;
  name?: string;
  membershipId?: string | null;
  customerId?: string;
  credential?: { via?: string; apiKeyId?: string; name?: string };
}

export function auditCsvLine(row: AuditRow): string {
  const actor = (row.actor ?? {}) as StoredActor;
  return csvLine([
    row.createdAt.toISOString(),
    row.action,
    actor.type,
    actor.name,
    actor.membershipId,
    actor.customerId,
    actor.credential?.via,
    actor.credential?.apiKeyId,
    actor.credential?.name,
    row.targetType,
    row.targetId,
    row.before === null ? null : JSON.stringify(row.before),
    row.after === null ? null : JSON.stringify(row.after),
    row.requestId,
    row.id,
  ]);
}
