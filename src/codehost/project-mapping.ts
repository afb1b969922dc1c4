import type { FieldValue, ItemContent, ItemContentType, IterationRow, SelectOptionRow } from '../db/schema/projects.js';

/** GraphQL Projects (v2) objects -> cache rows; the backfill, the writes and the refresh job share these. */

export interface GqlField {
  __typename: string;
  id?: string;
  name?: string;
  dataType?: string;
  options?: Array<{ id: string; name: string; color: string; description?: string | null }>;
  configuration?: {
    iterations: Array<{ id: string; title: string; startDate: string; duration: number }>;
    completedIterations: Array<{ id: string; title: string; startDate: string; duration: number }>;
  };
}

export interface GqlProject {
  id: string;
  number: number;
  title: string;
  closed: boolean;
  url: string;
  updatedAt: string;
  owner: { login?: string } | null;
  fields: { nodes: Array<GqlField | null> };
}

interface GqlValueField {
  id?: string;
  dataType?: string;
}

export interface GqlFieldValue {
  __typename: string;
  field?: GqlValueField | null;
  text?: string | null;
  number?: number | null;
  date?: string | null;
  optionId?: string | null;
  name?: string | null;
  color?: string | null;
  iterationId?: string | null;
  title?: string | null;
  startDate?: string | null;
  duration?: number | null;
}

export interface GqlItem {
  id: string;
  type: 'ISSUE' | 'PULL_REQUEST' | 'DRAFT_ISSUE' | 'REDACTED';
  isArchived: boolean;
  updatedAt: string;
  content:
    | {
        __typename: 'Issue' | 'PullRequest';
        id: string;
        number: number;
        title: string;
        issueState?: string;
        pullRequestState?: string;
        repository: { nameWithOwner: string };
      }
    | { __typename: 'DraftIssue'; id: string; title: string }
    | null;
  fieldValues: { nodes: Array<GqlFieldValue | null> };
}

/** Field types a value can be written to; every other type is built in and follows the issue. */
export const SETTABLE_DATA_TYPES = ['TEXT', 'NUMBER', 'DATE', 'SINGLE_SELECT', 'ITERATION'] as const;
export const isSettable = (dataType: string) => (SETTABLE_DATA_TYPES as readonly string[]).includes(dataType);

export function projectRow(p: GqlProject) {
  return {
    nodeId: p.id,
    number: p.number,
    title: p.title,
    ownerLogin: p.owner?.login ?? '',
    closed: p.closed,
    url: p.url,
    codehostUpdatedAt: new Date(p.updatedAt),
  };
}

export function fieldRows(p: GqlProject) {
  return p.fields.nodes
    .filter((f): f is GqlField & { id: string; name: string; dataType: string } => !!f?.id && !!f.name && !!f.dataType)
    .map((f, position) => ({
      nodeId: f.id,
      name: f.name,
      dataType: f.dataType,
      position,
      options:
        f.dataType === 'SINGLE_SELECT'
          ? (f.options ?? []).map((o): SelectOptionRow => ({ id: o.id, name: o.name, color: o.color, description: o.description || null }))
          : null,
      iterations:
        f.dataType === 'ITERATION' && f.configuration
          ? [
              ...f.configuration.iterations.map((i): IterationRow => ({ ...i, completed: false })),
              ...f.configuration.completedIterations.map((i): IterationRow => ({ ...i, completed: true })),
            ]
          : null,
    }));
}

const contentTypes: Record<GqlItem['type'], ItemContentType> = {
  ISSUE: 'Issue',
  PULL_REQUEST: 'PullRequest',
  DRAFT_ISSUE: 'DraftIssue',
  REDACTED: 'Redacted',
};

function valueOf(v: GqlFieldValue): FieldValue | null {
  switch (v.__typename) {
    case 'ProjectV2ItemFieldTextValue':
      return v.text == null ? null : { type: 'text', text: v.text };
    case 'ProjectV2ItemFieldNumberValue':
      return v.number == null ? null : { type: 'number', number: v.number };
    case 'ProjectV2ItemFieldDateValue':
      return v.date == null ? null : { type: 'date', date: v.date.slice(0, 10) };
    case 'ProjectV2ItemFieldSingleSelectValue':
      return v.optionId == null ? null : { type: 'single_select', optionId: v.optionId, name: v.name ?? '', color: v.color ?? '' };
    case 'ProjectV2ItemFieldIterationValue':
      return v.iterationId == null
        ? null
        : { type: 'iteration', iterationId: v.iterationId, title: v.title ?? '', startDate: v.startDate ?? '', duration: v.duration ?? 0 };
    default:
      return null;
  }
}

/**
 * A card as the cache keeps it. Content in a repository the installation cannot see comes back
 * as `REDACTED` with no content: it is kept as a `Redacted` card with nothing in it.
 */
export function itemRow(it: GqlItem) {
  const contentType = contentTypes[it.type] ?? 'Redacted';
  const c = contentType === 'Redacted' ? null : it.content;
  let content: ItemContent = {};
  if (c && (c.__typename === 'Issue' || c.__typename === 'PullRequest')) {
    content = { number: c.number, title: c.title, state: (c.issueState ?? c.pullRequestState) === 'OPEN' ? 'open' : 'closed', repositoryFullName: c.repository.nameWithOwner };
  } else if (c && c.__typename === 'DraftIssue') {
    content = { title: c.title };
  }
  const fieldValues: Record<string, FieldValue> = {};
  if (contentType !== 'Redacted') {
    for (const v of it.fieldValues?.nodes ?? []) {
      if (!v?.field?.id || !v.field.dataType || !isSettable(v.field.dataType)) continue;
      const value = valueOf(v);
      if (value) fieldValues[v.field.id] = value;
    }
  }
  return {
    nodeId: it.id,
    contentType,
    contentNodeId: c?.id ?? null,
    content,
    fieldValues,
    archived: it.isArchived,
    codehostUpdatedAt: new Date(it.updatedAt),
  };
}

export type ItemRow = ReturnType<typeof itemRow>;
