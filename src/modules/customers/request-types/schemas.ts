import { z } from 'zod';
import type { requestTypes, StatusId, StoredStatusCondition } from '../../../db/schema/index.js';
import { iso, timestamp } from '../../../platform/schemas.js';
import { fieldValueInputSchema } from '../../work/projects/field-value-input.js';
import { defaultStatusRulesText } from '../requests/status.js';
import { REQUEST_STATUSES } from '../requests/status-words.js';

export type RequestTypeRow = typeof requestTypes.$inferSelect;

/** The seven customer-facing statuses: stable id and label (spec, Request status). */
export const requestStatuses: ReadonlyArray<{ id: StatusId; label: string }> = REQUEST_STATUSES;
const statusLabels = requestStatuses.map((s) => s.label) as [string, ...string[]];
export const statusIdOfLabel = (label: string): StatusId => requestStatuses.find((s) => s.label === label)!.id;
export const labelOfStatusId = (id: StatusId): string => requestStatuses.find((s) => s.id === id)!.label;

const formFieldTypes = ['text', 'textarea', 'select', 'checkbox', 'email', 'url', 'number', 'date'] as const;

export const formFieldSchema = z.object({
  key: z.string().min(1).max(60).regex(/^[a-z0-9_]+$/, 'lowercase letters, digits and underscores').describe('The key a submission sends the value under.'),
  label: z.string().min(1).max(120).describe('Becomes the heading of this answer in the issue body.'),
  type: z.enum(formFieldTypes).describe('`text` is one line, `textarea` many; `select` needs options; every type but select ignores options.'),
  required: z.boolean().default(false),
  options: z.array(z.string().min(1).max(200)).max(50).default([]),
  helpText: z.string().max(300).nullable().default(null),
});

const conditionSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('closed'),
      stateReason: z.enum(['completed', 'not_planned', 'duplicate']).nullable().describe('null: closed with any reason.'),
    }),
    z.object({ kind: z.literal('open') }),
    z.object({ kind: z.literal('label'), name: z.string().min(1).max(100).describe('The issue carries this label (ignoring case).') }),
    z.object({
      kind: z.literal('field'),
      fieldNodeId: z.string().min(1).max(200).describe('A single-select field of the destination project (its Status field, say).'),
      value: z.string().min(1).max(200).describe("The option's name (ignoring case) the issue's card holds."),
    }),
  ])
  .describe('`closed` (with a state reason, or null for any), `open`, `label` (the issue has it) or `field` (its card on the destination project holds this option).');

export const statusRuleSchema = z.object({
  when: conditionSchema,
  status: z.enum(statusLabels).describe('The status shown when this rule is the first to match.'),
});

const destinationInput = z.object({
  repositoryId: z.uuid().describe('A mirrored, writable repository of this workspace; where the issue is created.'),
  labels: z.array(z.string().min(1).max(100)).max(20).default([]).describe('Labels of that repository the issue gets.'),
  projectNodeId: z.string().min(1).max(200).nullable().default(null).describe('A project the issue is added to.'),
  initialFieldValues: z
    .record(z.string().min(1).max(200), fieldValueInputSchema.unwrap())
    .default({})
    .describe("Values set on the new card, keyed by the project field's node id; each value as `PATCH .../items/{itemId}` takes it. Needs projectNodeId."),
  issueType: z.string().min(1).max(100).nullable().default(null).describe("The organization issue type's name."),
});

const statusMapDescription = `How the issue behind a request shows to customers. Evaluated in order, first match wins; when the list is empty or no rule matches, the default rules decide, in order: ${defaultStatusRulesText}. A held request shows Open to its requester, a rejected one Closed, whatever the rules. The status is computed at every read, never stored.`;

export const createRequestTypeBody = z.object({
  name: z.string().min(1).max(80),
  description: z.string().max(500).nullable().default(null),
  form: z.array(formFieldSchema).max(30).default([]),
  destination: destinationInput,
  statusMap: z.array(statusRuleSchema).max(30).default([]).describe(statusMapDescription),
  position: z.number().int().min(0).max(999).optional().describe('Order offered to customers; default: after the last.'),
});

export const changeRequestTypeBody = z
  .object({
    name: z.string().min(1).max(80),
    description: z.string().max(500).nullable(),
    form: z.array(formFieldSchema).max(30),
    destination: destinationInput,
    statusMap: z.array(statusRuleSchema).max(30).describe(statusMapDescription),
    position: z.number().int().min(0).max(999),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change.' });

export type CreateRequestTypeBody = z.output<typeof createRequestTypeBody>;
export type ChangeRequestTypeBody = z.output<typeof changeRequestTypeBody>;
export type DestinationInput = z.output<typeof destinationInput>;

export const requestTypeSchema = z
  .object({
    id: z.uuid(),
    portalId: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    form: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        type: z.enum(formFieldTypes),
        required: z.boolean(),
        options: z.array(z.string()),
        helpText: z.string().nullable(),
      }),
    ),
    destination: z.object({
      repositoryId: z.uuid().nullable().describe('null when the repository was dropped from the cache (access lost); submitting is then refused until it is set again.'),
      repositoryFullName: z.string().nullable(),
      repositoryPrivate: z
        .boolean()
        .nullable()
        .describe(
          "Whether the repository is private. In a public one, only a public request of an open portal is filed with the customer's words; any other is filed as its reference alone and its words stay in the service.",
        ),
      labels: z.array(z.string()),
      projectNodeId: z.string().nullable(),
      initialFieldValues: z.record(z.string(), z.unknown()),
      issueType: z.string().nullable(),
    }),
    statusMap: z.array(z.object({ when: conditionSchema, status: z.enum(statusLabels) })),
    position: z.number().int(),
    createdAt: timestamp(),
  })
  .meta({ id: 'RequestType' });

export function presentRequestType(row: RequestTypeRow, repository: { fullName: string | null; private: boolean | null }): z.input<typeof requestTypeSchema> {
  return {
    id: row.id,
    portalId: row.portalId,
    name: row.name,
    description: row.description,
    form: row.form,
    destination: {
      repositoryId: row.repositoryId,
      repositoryFullName: row.repositoryId ? repository.fullName : null,
      repositoryPrivate: row.repositoryId ? repository.private : null,
      labels: row.destination.labels,
      projectNodeId: row.destination.projectNodeId,
      initialFieldValues: row.destination.initialFieldValues,
      issueType: row.destination.issueType,
    },
    statusMap: row.statusMap.map((rule) => ({ when: rule.when as StoredStatusCondition, status: labelOfStatusId(rule.status) })),
    position: row.position,
    createdAt: iso(row.createdAt),
  };
}
