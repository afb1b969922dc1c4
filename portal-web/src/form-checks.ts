import { EMAIL, TEXT_MAX, TEXTAREA_MAX, validDate, validUrl } from '../../src/modules/customers/requests/form-rules';
import type { FormField } from './api';

/**
 * The server's checks of a form's answers, by the same rules (src/modules/customers/requests/form-rules.ts),
 * run in the browser first so a person hears about a problem beside the field: required (a required checkbox
 * ticked), one-line text at most 1,000 characters, many-line 20,000, select among its options,
 * e-mail, http(s) address, number, a real YYYY-MM-DD date. The server checks again.
 */
export { TEXT_MAX, TEXTAREA_MAX };

/** Why an answer does not fit its field, or null. `value` is the input's value ('true'/'false' for a checkbox). */
export function problemWith(field: FormField, value: string): string | null {
  if (field.type === 'checkbox') return field.required && value !== 'true' ? `${field.label} must be ticked.` : null;
  const text = field.type === 'textarea' ? value.replace(/\r\n/g, '\n').trim() : value.trim();
  if (text === '') return field.required ? `${field.label} is required.` : null;
  switch (field.type) {
    case 'textarea':
      return text.length > TEXTAREA_MAX ? `${field.label} must be at most ${TEXTAREA_MAX} characters.` : null;
    case 'number':
      return Number.isFinite(Number(text)) ? null : `${field.label} must be a number.`;
    default:
      if (/[\r\n]/.test(text)) return `${field.label} must be one line.`;
      if (text.length > TEXT_MAX) return `${field.label} must be at most ${TEXT_MAX} characters.`;
      if (field.type === 'select' && !field.options.includes(text)) return `Choose one of the options for ${field.label}.`;
      if (field.type === 'email' && !EMAIL.test(text)) return `${field.label} must be an e-mail address.`;
      if (field.type === 'url' && !validUrl(text)) return `${field.label} must be an http or https address.`;
      if (field.type === 'date' && !validDate(text)) return `${field.label} must be a date (YYYY-MM-DD).`;
      return null;
  }
}

export function titleProblem(title: string): string | null {
  const t = title.trim();
  if (t.length < 3) return 'The title needs at least 3 characters.';
  if (t.length > 200) return 'The title may have at most 200 characters.';
  return null;
}
