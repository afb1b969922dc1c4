import { z } from 'zod';
import type { StoredFormField } from '../../../db/schema/index.js';
import { invalidRequest } from '../../../platform/errors.js';
import { EMAIL, TEXT_MAX, TEXTAREA_MAX, validDate, validUrl } from './form-rules.js';

/** The issue body as a whole must stay under the code host's 65,536 characters. */
export const BODY_MAX = 60_000;

/** A submitted answer: the spec's strings, or the JSON type a field naturally takes (number, checkbox). */
export const formValueSchema = z.union([z.string().max(TEXTAREA_MAX), z.number(), z.boolean()]);

/** One answer as stored (a string), or why it does not fit its field. */
function normalised(field: StoredFormField, raw: string | number | boolean): string | { problem: string } {
  switch (field.type) {
    case 'checkbox': {
      if (raw === true || raw === 'true') return 'true';
      if (raw === false || raw === 'false' || raw === '') return 'false';
      return { problem: 'must be true or false' };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      return Number.isFinite(n) ? String(n) : { problem: 'must be a number' };
    }
    default: {
      if (typeof raw !== 'string') return { problem: 'must be a string' };
      const text = field.type === 'textarea' ? raw.replace(/\r\n/g, '\n').trim() : raw.trim();
      if (text === '') return '';
      if (field.type === 'textarea') return text.length > TEXTAREA_MAX ? { problem: `must be at most ${TEXTAREA_MAX} characters` } : text;
      if (/[\r\n]/.test(text)) return { problem: 'must be one line' };
      if (text.length > TEXT_MAX) return { problem: `must be at most ${TEXT_MAX} characters` };
      if (field.type === 'select' && !field.options.includes(text)) return { problem: `must be one of: ${field.options.join(', ')}` };
      if (field.type === 'email' && !EMAIL.test(text)) return { problem: 'must be an e-mail address' };
      if (field.type === 'url' && !validUrl(text)) return { problem: 'must be an http or https address' };
      if (field.type === 'date' && !validDate(text)) return { problem: 'must be a date as YYYY-MM-DD' };
      return text;
    }
  }
}

/**
 * The answers checked against the form: no key the form lacks, every required field answered (a
 * required checkbox ticked), each answer of its field's type. The 422 names `values.<key>`.
 */
export function checkedFormValues(form: StoredFormField[], values: Record<string, string | number | boolean>): Record<string, string> {
  const byKey = new Map(form.map((f) => [f.key, f]));
  for (const key of Object.keys(values)) {
    if (!byKey.has(key)) throw invalidRequest(`The form has no field "${key}".`, { field: `values.${key}`, known: [...byKey.keys()] });
  }
  const out: Record<string, string> = {};
  for (const field of form) {
    const raw = values[field.key];
    const value = raw === undefined ? '' : normalised(field, raw);
    if (typeof value === 'object') throw invalidRequest(`${field.label} ${value.problem}.`, { field: `values.${field.key}` });
    const missing = value === '' || (field.type === 'checkbox' && value !== 'true');
    if (field.required && missing) throw invalidRequest(`${field.label} is required.`, { field: `values.${field.key}` });
    if (value !== '') out[field.key] = value;
  }
  return out;
}
