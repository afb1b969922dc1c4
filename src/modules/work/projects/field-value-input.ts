import { z } from 'zod';
import type { FieldRow } from './store.js';
import { invalidRequest } from '../../../platform/errors.js';
import { isSettable } from '../../../codehost/project-mapping.js';

/** `value` of a field write: exactly one key, or null to clear (shared with the bulk edit). */
export const fieldValueInputSchema = z
  .object({
    optionId: z.string().min(1).max(200).describe('Single-select option id (from the project\'s fields).'),
    optionName: z.string().min(1).max(200).describe('Single-select option name, case-insensitive.'),
    text: z.string().max(10_000).describe('A text field\'s value.'),
    number: z.number().finite().describe('A number field\'s value.'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A date field\'s value, YYYY-MM-DD.'),
    iterationId: z.string().min(1).max(200).describe('An iteration field\'s iteration id (from the project\'s fields).'),
    optionIds: z
      .array(z.string().min(1).max(200))
      .max(50)
      .describe('Multi-select. The code host has no multi-select project field, so this is refused (invalid_request) for every field it has.'),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length === 1, { message: 'Send exactly one key in value, or null to clear the field.' })
  .nullable()
  .describe('Exactly one key, or null to clear the field.');

export type FieldValueInput = z.output<typeof fieldValueInputSchema>;

/** The code host's `ProjectV2FieldValue` input. */
export type CodehostFieldValue = { text: string } | { number: number } | { date: string } | { singleSelectOptionId: string } | { iterationId: string };

const kindOf: Record<string, string> = {
  TEXT: 'text',
  NUMBER: 'number',
  DATE: 'date',
  SINGLE_SELECT: 'optionId or optionName',
  ITERATION: 'iterationId',
};

/**
 * Checks a value against the field (type, option, iteration) before anything is sent to the code
 * host; null (clear) gives null. A built-in field can be neither set nor cleared on the card.
 */
export function codehostValueFor(field: FieldRow, value: FieldValueInput): CodehostFieldValue | null {
  const detail = { fieldNodeId: field.nodeId, fieldName: field.name };
  if (!isSettable(field.dataType)) {
    throw invalidRequest(`${field.name} is a built-in field; it follows the issue and cannot be set or cleared on the card.`, detail,
      'Change the issue itself (labels, assignees, milestone) instead.');
  }
  if (value === null) return null;
  const key = Object.keys(value)[0];
  const wrongKind = () =>
    invalidRequest(`${field.name} is a ${field.dataType.toLowerCase()} field; send ${kindOf[field.dataType]}.`, { ...detail, sent: key });
  if (value.optionIds !== undefined) {
    throw invalidRequest('The code host has no multi-select project fields; optionIds cannot be set on any field.', detail,
      'Use optionId or optionName for a single-select field.');
  }
  switch (field.dataType) {
    case 'TEXT':
      if (value.text === undefined) throw wrongKind();
      return { text: value.text };
    case 'NUMBER':
      if (value.number === undefined) throw wrongKind();
      return { number: value.number };
    case 'DATE': {
      if (value.date === undefined) throw wrongKind();
      const d = new Date(`${value.date}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value.date) throw invalidRequest('date is not a calendar date.', detail);
      return { date: value.date };
    }
    case 'SINGLE_SELECT': {
      const options = field.options ?? [];
      let option;
      if (value.optionId !== undefined) option = options.find((o) => o.id === value.optionId);
      else if (value.optionName !== undefined) option = options.find((o) => o.name.toLowerCase() === value.optionName!.toLowerCase());
      else throw wrongKind();
      if (!option) {
        throw invalidRequest(`No such option of ${field.name}.`, { ...detail, options: options.map((o) => ({ id: o.id, name: o.name })) });
      }
      return { singleSelectOptionId: option.id };
    }
    case 'ITERATION': {
      if (value.iterationId === undefined) throw wrongKind();
      if (!(field.iterations ?? []).some((i) => i.id === value.iterationId)) {
        throw invalidRequest(`No such iteration of ${field.name}.`, { ...detail, iterations: (field.iterations ?? []).map((i) => ({ id: i.id, title: i.title })) });
      }
      return { iterationId: value.iterationId };
    }
    default:
      throw wrongKind();
  }
}
