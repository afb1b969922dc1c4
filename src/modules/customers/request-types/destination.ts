import type { Executor } from '../../../db/pool.js';
import type { StoredDestination, StoredFormField, StoredStatusRule } from '../../../db/schema/index.js';
import { invalidRequest } from '../../../platform/errors.js';
import { codehostValueFor } from '../../work/projects/field-value-input.js';
import { statusIdOfLabel, type DestinationInput } from './schemas.js';
import { requestTypeStore } from './store.js';

type FormInput = Array<{ key: string; label: string; type: StoredFormField['type']; required: boolean; options: string[]; helpText: string | null }>;
type StatusMapInput = Array<{ when: StoredStatusRule['when']; status: string }>;

/** A form as stored: keys unique, a select with options, options only on a select. */
export function checkedForm(form: FormInput): StoredFormField[] {
  const seen = new Set<string>();
  return form.map((field, i) => {
    if (seen.has(field.key)) throw invalidRequest(`Two form fields have the key "${field.key}".`, { field: `form[${i}].key` });
    seen.add(field.key);
    if (field.type !== 'select') return { ...field, options: [] };
    if (field.options.length === 0) throw invalidRequest('A select field needs options.', { field: `form[${i}].options` });
    if (new Set(field.options).size !== field.options.length) throw invalidRequest('Options of a select field must differ.', { field: `form[${i}].options` });
    return field;
  });
}

/**
 * A destination checked against the cache: a mirrored, writable repository of this workspace, its
 * labels (stored with the repository's own spelling), a project of the workspace, values its
 * fields accept, and an issue type the owner's issues use. Each refusal names the field.
 */
export async function checkedDestination(
  tx: Executor,
  workspaceId: string,
  input: DestinationInput,
): Promise<{ repositoryId: string; destination: StoredDestination; projectFields: Awaited<ReturnType<typeof requestTypeStore.fields>> }> {
  const repository = await requestTypeStore.repository(tx, workspaceId, input.repositoryId);
  if (!repository) throw invalidRequest('No such repository in this workspace.', { field: 'destination.repositoryId' });
  if (!repository.syncEnabled || repository.archived || repository.removed) {
    throw invalidRequest(
      `${repository.fullName} is ${repository.removed ? 'no longer reachable' : repository.archived ? 'archived' : 'not mirrored'}; requests need a mirrored, writable repository.`,
      { field: 'destination.repositoryId' },
      repository.removed || repository.archived ? undefined : 'Turn mirroring on with PATCH /v1/codehost/repositories.',
    );
  }

  const known = new Map((await requestTypeStore.labelNames(tx, repository.id)).map((name) => [name.toLowerCase(), name]));
  const labels = input.labels.map((name, i) => {
    const label = known.get(name.toLowerCase());
    if (!label) throw invalidRequest(`${repository.fullName} has no label "${name}".`, { field: `destination.labels[${i}]` }, 'Create it first (POST /v1/labels).');
    return label;
  });
  if (new Set(labels).size !== labels.length) throw invalidRequest('A label is named twice.', { field: 'destination.labels' });

  let fields: Awaited<ReturnType<typeof requestTypeStore.fields>> = [];
  if (input.projectNodeId !== null) {
    const project = await requestTypeStore.project(tx, workspaceId, input.projectNodeId);
    if (!project) throw invalidRequest('No such project in this workspace.', { field: 'destination.projectNodeId' });
    fields = await requestTypeStore.fields(tx, workspaceId, project.id);
  }
  const initialFieldValues: Record<string, unknown> = {};
  for (const [fieldNodeId, value] of Object.entries(input.initialFieldValues)) {
    const where = { field: `destination.initialFieldValues.${fieldNodeId}` };
    if (input.projectNodeId === null) throw invalidRequest('Initial field values need a projectNodeId.', where);
    const field = fields.find((f) => f.nodeId === fieldNodeId);
    if (!field) throw invalidRequest('No such field on the destination project.', where);
    try {
      codehostValueFor(field, value);
    } catch (e) {
      throw invalidRequest((e as Error).message, where);
    }
    initialFieldValues[fieldNodeId] = value;
  }

  let issueType: string | null = null;
  if (input.issueType !== null) {
    const names = await requestTypeStore.issueTypeNames(tx, workspaceId, repository.ownerLogin);
    issueType = names.find((n) => n.toLowerCase() === input.issueType!.toLowerCase()) ?? null;
    if (!issueType) {
      throw invalidRequest(`No issue of ${repository.ownerLogin} in the cache has the type "${input.issueType}".`, { field: 'destination.issueType', known: names.sort() });
    }
  }

  return {
    repositoryId: repository.id,
    destination: { labels, projectNodeId: input.projectNodeId, initialFieldValues, issueType },
    projectFields: fields,
  };
}

/** Status rules as stored: a `field` rule names a single-select field of the destination project and one of its options. */
export function checkedStatusMap(statusMap: StatusMapInput, projectFields: Awaited<ReturnType<typeof requestTypeStore.fields>>, hasProject: boolean): StoredStatusRule[] {
  return statusMap.map((rule, i) => {
    if (rule.when.kind === 'field') {
      const where = { field: `statusMap[${i}].when` };
      if (!hasProject) throw invalidRequest('A field rule needs the destination projectNodeId.', where);
      const field = projectFields.find((f) => f.nodeId === (rule.when as { fieldNodeId: string }).fieldNodeId);
      if (!field || field.dataType !== 'SINGLE_SELECT') throw invalidRequest('No such single-select field on the destination project.', where);
      const value = (rule.when as { value: string }).value;
      const option = (field.options ?? []).find((o) => o.name.toLowerCase() === value.toLowerCase());
      if (!option) throw invalidRequest(`${field.name} has no option "${value}".`, { ...where, options: (field.options ?? []).map((o) => o.name) });
      return { when: { kind: 'field', fieldNodeId: field.nodeId, value: option.name }, status: statusIdOfLabel(rule.status) };
    }
    return { when: rule.when, status: statusIdOfLabel(rule.status) };
  });
}
