/** Projects (v2) operations shared by the GraphQL mutations and the control API. */
import { createHash } from 'node:crypto';
import { ApiError, nowIso } from './http.js';
import { nodeId } from './ids.js';
import type { Emulator } from './server.js';
import type { Account, FieldDataType, FieldValue, Iteration, Project, ProjectField, ProjectItem, SelectOption } from './state.js';

export const BUILTIN_FIELDS: { name: string; dataType: FieldDataType }[] = [
  { name: 'Title', dataType: 'TITLE' }, { name: 'Assignees', dataType: 'ASSIGNEES' }, { name: 'Labels', dataType: 'LABELS' },
  { name: 'Linked pull requests', dataType: 'LINKED_PULL_REQUESTS' }, { name: 'Milestone', dataType: 'MILESTONE' },
  { name: 'Repository', dataType: 'REPOSITORY' }, { name: 'Reviewers', dataType: 'REVIEWERS' },
  { name: 'Parent issue', dataType: 'PARENT_ISSUE' }, { name: 'Sub-issues progress', dataType: 'SUB_ISSUES_PROGRESS' },
];

/** Option and iteration ids are short opaque hex strings, as on GitHub; derived from the field so seeds are reproducible. */
export const optionId = (fieldId: number, i: number, name: string) => createHash('sha1').update(`${fieldId}:${i}:${name}`).digest('hex').slice(0, 8);

export interface FieldInput {
  name: string;
  dataType: 'TEXT' | 'NUMBER' | 'DATE' | 'SINGLE_SELECT' | 'ITERATION';
  options?: { name: string; color?: string; description?: string }[];
  iterations?: { title: string; startDate: string; duration?: number }[];
}

export class Projects {
  constructor(private emu: Emulator) {}
  get store() { return this.emu.store; }

  create(owner: Account, input: { title: string; creatorId?: number; public?: boolean; statusOptions?: string[]; workflowStatusOnAdd?: string | null; fields?: FieldInput[]; shortDescription?: string | null }): Project {
    const now = nowIso();
    const number = this.store.data.projects.filter((p) => p.ownerId === owner.id).reduce((n, p) => Math.max(n, p.number), 0) + 1;
    const p = this.store.addProject({
      id: this.store.nextId(), ownerId: owner.id, number, title: input.title, shortDescription: input.shortDescription ?? null, readme: null,
      public: input.public ?? false, closed: false, creatorId: input.creatorId ?? owner.id, createdAt: now, updatedAt: now, fieldIds: [], itemIds: [],
      workflowStatusOnAdd: input.workflowStatusOnAdd === undefined ? 'Todo' : input.workflowStatusOnAdd,
    });
    for (const f of BUILTIN_FIELDS) this.store.addField({ id: this.store.nextId(), projectId: p.id, name: f.name, dataType: f.dataType, createdAt: now, updatedAt: now });
    this.addField(p, { name: 'Status', dataType: 'SINGLE_SELECT', options: (input.statusOptions ?? ['Todo', 'In Progress', 'Done']).map((name, i) => ({ name, color: ['GRAY', 'YELLOW', 'GREEN', 'BLUE', 'RED', 'PURPLE', 'PINK', 'ORANGE'][i % 8]! })) });
    for (const f of input.fields ?? []) this.addField(p, f);
    this.store.touchRepo();
    return p;
  }

  addField(p: Project, input: FieldInput): ProjectField {
    const now = nowIso();
    const f: ProjectField = { id: this.store.nextId(), projectId: p.id, name: input.name, dataType: input.dataType, createdAt: now, updatedAt: now };
    if (input.dataType === 'SINGLE_SELECT') f.options = (input.options ?? []).map((o, i): SelectOption => ({ id: optionId(f.id, i, o.name), name: o.name, color: o.color ?? 'GRAY', description: o.description ?? '' }));
    if (input.dataType === 'ITERATION') {
      f.iterationDuration = 14; f.startDay = 1;
      f.iterations = (input.iterations ?? []).map((it, i): Iteration => ({ id: optionId(f.id, i, it.title), title: it.title, startDate: it.startDate, duration: it.duration ?? 14 }));
      f.completedIterations = [];
    }
    this.store.addField(f);
    this.store.touchRepo();
    return f;
  }

  fields(p: Project): ProjectField[] { return p.fieldIds.map((id) => this.store.fieldById.get(id)!).filter(Boolean); }
  items(p: Project): ProjectItem[] {
    return p.itemIds.map((id) => this.store.itemById.get(id)!).filter(Boolean).sort((a, b) => a.position - b.position || a.id - b.id);
  }
  statusField(p: Project) { return this.fields(p).find((f) => f.name === 'Status' && f.dataType === 'SINGLE_SELECT'); }

  itemPayload(it: ProjectItem) {
    const p = this.store.projectById.get(it.projectId)!;
    const content = it.contentType === 'DraftIssue' ? nodeId('DraftIssue', it.draft!.id) : nodeId(it.contentType === 'PullRequest' ? 'PullRequest' : 'Issue', it.contentId!);
    return {
      id: it.id, node_id: nodeId('ProjectV2Item', it.id), project_node_id: nodeId('ProjectV2', p.id), content_node_id: content,
      content_type: it.contentType, creator: this.emu.ser.userById(it.creatorId), created_at: it.createdAt, updated_at: it.updatedAt, archived_at: it.archivedAt,
    };
  }

  private emit(action: string, it: ProjectItem, senderId: number, changes?: unknown) {
    const p = this.store.projectById.get(it.projectId)!;
    const owner = this.store.accountById.get(p.ownerId)!;
    if (owner.type !== 'Organization') return; // projects_v2_item is delivered for organisation projects only
    this.emu.hooks.emit('projects_v2_item', action, { projects_v2_item: this.itemPayload(it), ...(changes ? { changes } : {}) }, { accountId: owner.id, senderId });
  }

  /** Adds content; returns the existing item when it is already in the project (as GitHub does). */
  addItem(p: Project, content: { type: 'Issue' | 'PullRequest'; id: number } | { type: 'DraftIssue'; title: string; body?: string }, actorId: number): ProjectItem {
    if (content.type !== 'DraftIssue') {
      const existing = this.items(p).find((x) => x.contentType === content.type && x.contentId === content.id);
      if (existing) return existing;
    }
    if (p.itemIds.length >= 50000) throw new ApiError(422, 'Project has reached the maximum number of items');
    const now = nowIso();
    const it = this.store.addItem({
      id: this.store.nextId(), projectId: p.id, contentType: content.type, contentId: content.type === 'DraftIssue' ? null : content.id,
      draft: content.type === 'DraftIssue' ? { id: this.store.nextId(), title: content.title, body: content.body ?? '' } : null,
      values: {}, position: p.itemIds.length, creatorId: actorId, createdAt: now, updatedAt: now, archivedAt: null,
    });
    p.updatedAt = now;
    this.store.touchRepo();
    this.emit('created', it, actorId);
    // Built-in workflow "Item added to project" sets Status asynchronously; visible only afterwards / by webhook.
    const wf = p.workflowStatusOnAdd;
    if (wf) {
      const status = this.statusField(p);
      const opt = status?.options?.find((o) => o.name === wf);
      if (status && opt) {
        setTimeout(() => {
          if (!this.store.itemById.has(it.id) || it.values[String(status.id)]) return;
          this.setValue(it, status, { kind: 'singleSelect', optionId: opt.id }, this.emu.bot.id, true);
        }, 5);
      }
    }
    return it;
  }

  deleteItem(it: ProjectItem, actorId: number) {
    const p = this.store.projectById.get(it.projectId)!;
    const payload = { ...it };
    p.itemIds = p.itemIds.filter((x) => x !== it.id);
    this.store.data.items = this.store.data.items.filter((x) => x !== it);
    this.store.itemById.delete(it.id);
    this.store.touchRepo();
    this.emit('deleted', payload, actorId);
  }

  private describe(f: ProjectField, v: FieldValue | undefined): unknown {
    if (!v) return null;
    if (v.kind === 'text') return v.text;
    if (v.kind === 'number') return v.number;
    if (v.kind === 'date') return v.date;
    if (v.kind === 'singleSelect') { const o = f.options?.find((x) => x.id === v.optionId); return o ? { id: o.id, name: o.name, color: o.color.toLowerCase(), description: o.description } : null; }
    const it = f.iterations?.find((x) => x.id === v.iterationId);
    return it ? { id: it.id, title: it.title, start_date: it.startDate, duration: it.duration } : null;
  }

  setValue(it: ProjectItem, f: ProjectField, v: FieldValue | null, actorId: number, fromWorkflow = false) {
    const key = String(f.id);
    const before = it.values[key];
    if (v) it.values[key] = v; else delete it.values[key];
    it.updatedAt = nowIso();
    this.store.touchRepo();
    const p = this.store.projectById.get(it.projectId)!;
    // `from`/`to` are omitted when empty: the published schema admits no null there
    const from = this.describe(f, before), to = this.describe(f, v ?? undefined);
    this.emit('edited', it, fromWorkflow ? this.emu.bot.id : actorId, {
      field_value: {
        field_node_id: fieldNodeId(f), field_type: f.dataType.toLowerCase(), field_name: f.name, project_number: p.number,
        ...(from != null ? { from } : {}), ...(to != null ? { to } : {}),
      },
    });
  }

  /** Parses the GraphQL ProjectV2FieldValue input for a field. */
  valueFromInput(f: ProjectField, value: Record<string, unknown>): FieldValue {
    const bad = (m: string) => new ApiError(422, m);
    switch (f.dataType) {
      case 'TEXT': if (typeof value.text !== 'string') throw bad('The field is a text field; provide `text`.'); return { kind: 'text', text: value.text };
      case 'NUMBER': if (typeof value.number !== 'number') throw bad('The field is a number field; provide `number`.'); return { kind: 'number', number: value.number };
      case 'DATE': if (typeof value.date !== 'string') throw bad('The field is a date field; provide `date`.'); return { kind: 'date', date: String(value.date).slice(0, 10) };
      case 'SINGLE_SELECT': {
        const id = value.singleSelectOptionId;
        if (!f.options?.some((o) => o.id === id)) throw bad(`The single select option Id does not belong to the field`);
        return { kind: 'singleSelect', optionId: String(id) };
      }
      case 'ITERATION': {
        const id = value.iterationId;
        if (!f.iterations?.some((o) => o.id === id)) throw bad('The iteration Id does not belong to the field');
        return { kind: 'iteration', iterationId: String(id) };
      }
      default: throw bad(`Field of type ${f.dataType} cannot be updated with this mutation`);
    }
  }

  setArchived(it: ProjectItem, archived: boolean, actorId: number) {
    if (!!it.archivedAt === archived) return;
    const from = it.archivedAt;
    it.archivedAt = archived ? nowIso() : null;
    it.updatedAt = nowIso();
    this.store.touchRepo();
    this.emit(archived ? 'archived' : 'restored', it, actorId, { archived_at: { from, to: it.archivedAt } });
  }

  move(it: ProjectItem, afterId: number | null, actorId: number) {
    const p = this.store.projectById.get(it.projectId)!;
    const before = this.items(p);
    const prevIdx = before.indexOf(it);
    const prevAfter = prevIdx > 0 ? before[prevIdx - 1]! : null;
    const ordered = before.filter((x) => x !== it);
    const idx = afterId == null ? 0 : ordered.findIndex((x) => x.id === afterId) + 1;
    ordered.splice(idx, 0, it);
    ordered.forEach((x, i) => { x.position = i; });
    it.updatedAt = nowIso();
    this.store.touchRepo();
    const newAfter = idx > 0 ? ordered[idx - 1]! : null;
    this.emit('reordered', it, actorId, { previous_projects_v2_item_node_id: { from: prevAfter ? nodeId('ProjectV2Item', prevAfter.id) : null, to: newAfter ? nodeId('ProjectV2Item', newAfter.id) : null } });
  }
}

export function fieldNodeId(f: ProjectField): string {
  if (f.dataType === 'SINGLE_SELECT') return nodeId('ProjectV2SingleSelectField', f.id);
  if (f.dataType === 'ITERATION') return nodeId('ProjectV2IterationField', f.id);
  return nodeId('ProjectV2Field', f.id);
}
