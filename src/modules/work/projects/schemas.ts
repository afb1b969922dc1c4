import { z } from 'zod';
import { isSettable } from '../../../codehost/project-mapping.js';
import type { FieldValue } from '../../../db/schema/projects.js';
import { iso, timestamp } from '../../../platform/schemas.js';
import type { FieldRow, ItemWithIssue, ProjectRow } from './store.js';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One value of a project field on a card; `type` says which. Built-in fields (title, labels, ...) are not here: they are the issue's own. */
export const fieldValueSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('text'), text: z.string() }).describe('A text field.'),
    z.object({ type: z.literal('number'), number: z.number() }).describe('A number field.'),
    z.object({ type: z.literal('date'), date: date.describe('YYYY-MM-DD') }).describe('A date field.'),
    z
      .object({ type: z.literal('single_select'), optionId: z.string(), name: z.string(), color: z.string() })
      .describe('A single-select field: the chosen option.'),
    z
      .object({
        type: z.literal('iteration'),
        iterationId: z.string(),
        title: z.string(),
        startDate: date,
        duration: z.number().int().describe('Days.'),
      })
      .describe('An iteration field: the chosen iteration.'),
  ])
  .meta({ id: 'ProjectFieldValue' });

export const fieldValuesSchema = z.record(z.string(), fieldValueSchema).describe("Keyed by the field's node id; an unset field is absent.");

const fieldTypes = ['text', 'number', 'date', 'single_select', 'iteration'] as const;

export const projectSummarySchema = z
  .object({
    id: z.uuid(),
    nodeId: z.string(),
    number: z.number().int(),
    title: z.string(),
    ownerLogin: z.string(),
    closed: z.boolean(),
    url: z.url().describe('The project on the code host.'),
    updatedAt: timestamp().describe("The code host's updated_at."),
    syncedAt: timestamp(),
  })
  .meta({ id: 'ProjectSummary' });

export const projectFieldSchema = z
  .object({
    nodeId: z.string().describe('What `field:<fieldNodeId>` filters and the field routes take.'),
    name: z.string(),
    dataType: z
      .string()
      .describe(`Lowercase code-host field type: ${fieldTypes.join(', ')} can be set; others (title, assignees, labels, milestone, repository, ...) are built in.`),
    settable: z.boolean().describe('False for built-in fields, which follow the issue and cannot be set or cleared on the card.'),
    options: z
      .array(z.object({ id: z.string(), name: z.string(), color: z.string(), description: z.string().nullable() }))
      .nullable()
      .describe('Single-select fields only.'),
    iterations: z
      .array(z.object({ id: z.string(), title: z.string(), startDate: date, duration: z.number().int(), completed: z.boolean() }))
      .nullable()
      .describe('Iteration fields only, completed ones included.'),
  })
  .meta({ id: 'ProjectField' });

export const projectSchema = projectSummarySchema.extend({ fields: z.array(projectFieldSchema) }).meta({ id: 'Project' });

export const projectItemSchema = z
  .object({
    id: z.uuid(),
    itemNodeId: z.string().describe('What the item routes take as `itemId`.'),
    projectId: z.uuid(),
    content: z
      .object({
        type: z
          .enum(['Issue', 'PullRequest', 'DraftIssue', 'Redacted'])
          .describe('`Redacted`: the card points into a repository the installation cannot see; nothing else about it is known and that is not an error.'),
        state: z.enum(['open', 'closed']).nullable().describe('Issues and pull requests.'),
        issueId: z.uuid().nullable().describe('The issue in this service when its repository is synced; null otherwise.'),
        number: z.number().int().nullable(),
        title: z.string().nullable().describe('Null for Redacted.'),
        repositoryFullName: z.string().nullable(),
      })
      .describe('What the card points at.'),
    fieldValues: fieldValuesSchema,
  })
  .meta({ id: 'ProjectItem' });

export const presentProjectSummary = (p: ProjectRow): z.input<typeof projectSummarySchema> => ({
  id: p.id,
  nodeId: p.nodeId,
  number: p.number,
  title: p.title,
  ownerLogin: p.ownerLogin,
  closed: p.closed,
  url: p.url,
  updatedAt: iso(p.codehostUpdatedAt),
  syncedAt: iso(p.syncedAt),
});

export const presentField = (f: FieldRow): z.input<typeof projectFieldSchema> => ({
  nodeId: f.nodeId,
  name: f.name,
  dataType: f.dataType.toLowerCase(),
  settable: isSettable(f.dataType),
  options: f.options ?? null,
  iterations: f.iterations ?? null,
});

export function presentItem(projectId: string, it: ItemWithIssue): z.input<typeof projectItemSchema> {
  const c = it.content;
  const isIssueLike = it.contentType === 'Issue' || it.contentType === 'PullRequest';
  const state = it.issueState ?? c.state ?? null;
  return {
    id: it.id,
    itemNodeId: it.nodeId,
    projectId,
    content: {
      type: it.contentType,
      state: isIssueLike && state ? (state === 'closed' ? 'closed' : 'open') : null,
      issueId: it.contentType === 'Issue' ? it.issueId : null,
      number: c.number ?? null,
      title: c.title ?? null,
      repositoryFullName: c.repositoryFullName ?? null,
    },
    fieldValues: it.fieldValues as Record<string, FieldValue>,
  };
}
