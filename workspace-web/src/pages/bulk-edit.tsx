import { Link, Notice, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must, problemOf, type Issue, type Milestone } from '../api';
import { workspacePath } from '../session';
import type { Workspace } from '../api';

type Action = 'add-label' | 'remove-label' | 'assignee' | 'milestone' | 'close-completed' | 'close-not-planned' | 'reopen';
interface BulkChange {
  addLabels?: string[];
  removeLabels?: string[];
  assignees?: string[];
  milestoneId?: string | null;
  state?: 'open' | 'closed';
  stateReason?: 'completed' | 'not_planned';
}
interface Call {
  ids: string[];
  change: BulkChange;
}
interface Failure {
  issue: Issue;
  why: string;
}
export interface BulkReport {
  what: string;
  changed: number;
  failed: Failure[];
}

const ACTIONS: Array<{ value: Action; label: string }> = [
  { value: 'add-label', label: 'Add a label' },
  { value: 'remove-label', label: 'Remove a label' },
  { value: 'assignee', label: 'Set the assignee' },
  { value: 'milestone', label: 'Set the milestone' },
  { value: 'close-completed', label: 'Close as completed' },
  { value: 'close-not-planned', label: 'Close as not planned' },
  { value: 'reopen', label: 'Reopen' },
];

/**
 * Ids per bulk call. The API takes 50, but answers only when the whole call is done: five at a time
 * lets the progress bar move as GitHub answers, for a few more requests to the service.
 */
const CALL_SIZE = 5;

/**
 * The bar over a selection of the issue list: one change (a label added or removed, the assignee,
 * the milestone, the state) to every selected issue through POST /v1/issues/bulk, with progress
 * while GitHub takes the writes one by one, and afterwards each issue that failed and why, in the
 * service's words.
 */
export function BulkBar({
  workspace,
  selected,
  labelNames,
  milestones,
  running,
  setRunning,
  report,
  finished,
  clear,
}: {
  workspace: Workspace;
  selected: Issue[];
  labelNames: string[];
  milestones: Milestone[];
  running: { done: number; total: number; what: string } | null;
  setRunning: (progress: { done: number; total: number; what: string } | null) => void;
  report: BulkReport | null;
  /** Called once the edit ends, with its report and the ids that failed (they stay selected). */
  finished: (report: BulkReport | null, failedIds: string[]) => void;
  clear: () => void;
}) {
  const api = inWorkspace(workspace.id);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>('add-label');
  const [problem, setProblem] = useState<string | null>(null);
  const members = useQuery({
    queryKey: ['members', workspace.id],
    enabled: action === 'assignee',
    queryFn: () => must(api.GET('/v1/members', { params: { query: { limit: 100 } } })),
  });
  const logins = [
    ...new Set([
      ...(members.data?.data ?? []).flatMap((m) => (m.codehost ? [m.codehost.login] : [])),
      ...selected.flatMap((i) => i.assignees.flatMap((a) => (a ? [a.login] : []))),
    ]),
  ].sort((a, b) => a.localeCompare(b));
  const labelsOnSelected = [...new Set(selected.flatMap((i) => i.labels.map((l) => l.name)))].sort((a, b) => a.localeCompare(b));
  const milestoneTitles = [...new Set(milestones.map((m) => m.title))].sort((a, b) => a.localeCompare(b));

  const apply = async (event: Event) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget as HTMLFormElement).get('value') ?? '').trim();
    if ((action === 'add-label' || action === 'remove-label') && !value) return setProblem('Choose a label.');
    setProblem(null);
    const issues = selected;
    const what = describe(action, value, issues.length);
    setRunning({ done: 0, total: issues.length, what });

    const failed: Failure[] = [];
    let changed = 0;
    const plan = planOf(action, value, issues, milestones);
    failed.push(...plan.failed);
    let done = failed.length;
    setRunning({ done, total: issues.length, what });
    const byId = new Map(issues.map((i) => [i.id, i]));
    for (const call of plan.calls) {
      const answer = await api.POST('/v1/issues/bulk', { body: { issueIds: call.ids, change: call.change } }).catch(() => undefined);
      if (answer?.data) {
        for (const result of answer.data.results) {
          if (result.ok) changed++;
          else failed.push({ issue: byId.get(result.issueId)!, why: result.error?.message ?? 'It was not changed.' });
        }
      } else {
        // The whole call was refused (a role, billing, the service unreachable): every issue in it failed alike.
        const why = problemOf(answer?.error, answer?.response);
        for (const id of call.ids) failed.push({ issue: byId.get(id)!, why });
      }
      done += call.ids.length;
      setRunning({ done, total: issues.length, what });
    }
    void queryClient.invalidateQueries({ queryKey: ['issues', workspace.id] });
    if (action === 'add-label') void queryClient.invalidateQueries({ queryKey: ['labels', workspace.id] });
    for (const issue of issues) void queryClient.invalidateQueries({ queryKey: ['issue', workspace.id, issue.id] });
    setRunning(null);
    const report: BulkReport = { what, changed, failed };
    if (failed.length === 0) toast('ok', `${capital(what)}: done.`);
    finished(report, failed.map((f) => f.issue.id));
  };

  if (!running && !report && selected.length === 0) return null;
  return (
    <section class="bulk-bar" aria-labelledby="bulk-title">
      <h2 id="bulk-title" class="sr-only">Bulk edit</h2>
      {selected.length > 0 && !running ? (
        <form class="bulk-form" onSubmit={apply}>
          <p class="bulk-count">
            <strong>{selected.length} selected</strong>{' '}
            <button type="button" class="link-button" onClick={clear}>Clear the selection</button>
          </p>
          <div>
            <label for="bulk-action">Change</label>
            <select id="bulk-action" value={action} onChange={(e) => setAction((e.target as HTMLSelectElement).value as Action)}>
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>{a.label}</option>
              ))}
            </select>
          </div>
          {action === 'add-label' ? (
            <div>
              <label for="bulk-value">Label to add</label>
              <input id="bulk-value" name="value" list="bulk-label-names" required maxLength={50} autoComplete="off" />
              <datalist id="bulk-label-names">
                {labelNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </div>
          ) : action === 'remove-label' ? (
            <div>
              <label for="bulk-value">Label to remove</label>
              <select id="bulk-value" name="value" required aria-describedby={labelsOnSelected.length ? undefined : 'bulk-no-labels'}>
                {labelsOnSelected.map((name) => (
                  <option key={name} value={name}>{name}</option>
                ))}
              </select>
              {labelsOnSelected.length ? null : <p id="bulk-no-labels" class="help">None of the selected issues has a label.</p>}
            </div>
          ) : action === 'assignee' ? (
            <div>
              <label for="bulk-value">Assign to</label>
              <select id="bulk-value" name="value">
                <option value="">Nobody</option>
                {logins.map((login) => (
                  <option key={login} value={login}>{login}</option>
                ))}
              </select>
            </div>
          ) : action === 'milestone' ? (
            <div>
              <label for="bulk-value">Milestone to set</label>
              <select id="bulk-value" name="value">
                <option value="">No milestone</option>
                {milestoneTitles.map((title) => (
                  <option key={title} value={title}>{title}</option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" class="primary">Apply to {selected.length} issue{selected.length === 1 ? '' : 's'}</button>
        </form>
      ) : null}
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      {running ? (
        <div class="bulk-progress" role="status">
          <p>
            {capital(running.what)} on GitHub, one issue after another: {running.done} of {running.total} done.
          </p>
          <progress max={running.total} value={running.done} aria-label="Bulk edit progress" />
        </div>
      ) : null}
      {report && !running ? <Report workspace={workspace} report={report} dismiss={() => finished(null, selected.map((i) => i.id))} /> : null}
    </section>
  );
}

function Report({ workspace, report, dismiss }: { workspace: Workspace; report: BulkReport; dismiss: () => void }) {
  const total = report.changed + report.failed.length;
  const summary = `${capital(report.what)}: ${report.changed} of ${total} changed${report.failed.length ? `, ${report.failed.length} failed` : ''}.`;
  return (
    <div class="bulk-report">
      {report.failed.length ? (
        <Notice kind="error">
          <p>{summary} {report.failed.length === 1 ? 'This issue was not changed and stays selected:' : 'These issues were not changed and stay selected:'}</p>
          <ul class="bulk-failures">
            {report.failed.map(({ issue, why }) => (
              <li key={issue.id}>
                <Link href={workspacePath(workspace, `/issues/${issue.id}`)}>{issue.repository.fullName}#{issue.number} {issue.title}</Link>: {why}
              </li>
            ))}
          </ul>
        </Notice>
      ) : (
        <Notice kind="ok">{summary}</Notice>
      )}
      <button type="button" class="link-button" onClick={dismiss}>Dismiss</button>
    </div>
  );
}

/**
 * The bulk calls a change takes. Labels: added or removed by the API on each issue's own set on
 * GitHub, so a label set there since the list was read is kept; every selected issue is sent, as
 * the list may be a moment behind GitHub about which already carry the label.
 * Milestone: milestones belong to a repository, so the title chosen is each issue's own
 * repository's milestone of that title; an issue whose repository has none fails here, unsent.
 */
function planOf(action: Action, value: string, issues: Issue[], milestones: Milestone[]): { calls: Call[]; failed: Failure[] } {
  const groups = new Map<string, Call>();
  const failed: Failure[] = [];
  const add = (key: string, change: BulkChange, id: string) => {
    const group = groups.get(key) ?? { ids: [], change };
    group.ids.push(id);
    groups.set(key, group);
  };
  for (const issue of issues) {
    if (action === 'add-label' || action === 'remove-label') {
      add('', action === 'add-label' ? { addLabels: [value] } : { removeLabels: [value] }, issue.id);
    } else if (action === 'assignee') {
      add('', { assignees: value ? [value] : [] }, issue.id);
    } else if (action === 'milestone') {
      if (!value) {
        add('', { milestoneId: null }, issue.id);
        continue;
      }
      const milestone = milestones.find((m) => m.repositoryId === issue.repository.id && m.title === value);
      if (milestone) add(milestone.id, { milestoneId: milestone.id }, issue.id);
      else failed.push({ issue, why: `${issue.repository.fullName} has no milestone “${value}”.` });
    } else if (action === 'reopen') {
      add('', { state: 'open' }, issue.id);
    } else {
      add('', { state: 'closed', stateReason: action === 'close-completed' ? 'completed' : 'not_planned' }, issue.id);
    }
  }
  const calls: Call[] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.ids.length; i += CALL_SIZE) calls.push({ ids: group.ids.slice(i, i + CALL_SIZE), change: group.change });
  }
  return { calls, failed };
}

function describe(action: Action, value: string, count: number): string {
  const issues = `${count} issue${count === 1 ? '' : 's'}`;
  switch (action) {
    case 'add-label':
      return `adding “${value}” to ${issues}`;
    case 'remove-label':
      return `removing “${value}” from ${issues}`;
    case 'assignee':
      return value ? `assigning ${issues} to ${value}` : `unassigning ${issues}`;
    case 'milestone':
      return value ? `setting the milestone “${value}” on ${issues}` : `clearing the milestone of ${issues}`;
    case 'close-completed':
      return `closing ${issues} as completed`;
    case 'close-not-planned':
      return `closing ${issues} as not planned`;
    case 'reopen':
      return `reopening ${issues}`;
  }
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
