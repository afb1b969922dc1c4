import type { FieldValue } from '../../../db/schema/projects.js';

export interface FieldChange {
  action: 'project.field_set' | 'project.field_cleared';
  fieldNodeId: string;
  value: FieldValue | null;
  previous: FieldValue | null;
}

/**
 * Key order does not count: values read back from jsonb come with jsonb's key order, values just
 * mapped from GraphQL with the mapping's, and the same value must not read as a change.
 */
const canonical = (v: FieldValue | undefined) =>
  JSON.stringify(v ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : null);
const same = (a: FieldValue | undefined, b: FieldValue | undefined) => canonical(a) === canonical(b);

/** What differs between two sets of a card's values, one entry per field. */
export function fieldChanges(before: Record<string, FieldValue>, after: Record<string, FieldValue>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    out.push({
      action: after[key] ? 'project.field_set' : 'project.field_cleared',
      fieldNodeId: key,
      value: after[key] ?? null,
      previous: before[key] ?? null,
    });
  }
  return out;
}
