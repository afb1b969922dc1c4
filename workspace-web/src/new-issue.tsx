import { Dialog, fieldOf, navigate, Notice, toast } from '@svc/ui-kit';
import { useQueryClient } from '@tanstack/preact-query';
import { useEffect, useRef, useState } from 'preact/hooks';
import { inWorkspace, problemOf, type Issue } from './api';
import { AssigneeChoices, LabelChoices } from './issue-choices';
import { canWrite, storeIssue, useMemberLogins, useMirroredRepositories, useRepositoryLabels, type IssueCreate } from './issue-data';
import { useShortcuts } from './keyboard';
import { MarkdownEditor } from './markdown-editor';
import { useSession, workspacePath } from './session';
import './editing.css';

const openers = new Set<() => void>();

/** Opens the new-issue dialog of the workspace being looked at (the "New issue" button, the `c` key). */
export function openNewIssue(): void {
  for (const open of openers) open();
}

interface Draft {
  repositoryId: string;
  title: string;
  body: string;
  labels: string[];
  assignees: string[];
}
const EMPTY: Draft = { repositoryId: '', title: '', body: '', labels: [], assignees: [] };

/**
 * The new-issue dialog, once per workspace page: `c` anywhere (not while typing) or the issue
 * list's button opens it. What is typed stays while the page does, so closing the dialog, or a
 * refusal, loses nothing; it is emptied once GitHub has the issue.
 */
export function NewIssueHost() {
  const { workspace } = useSession();
  const allowed = canWrite(workspace);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useEffect(() => {
    const show = () => setOpen(true);
    openers.add(show);
    return () => {
      openers.delete(show);
    };
  }, []);
  useShortcuts({ c: () => allowed && setOpen(true) }, [allowed]);
  if (!allowed) return null;
  return (
    <Dialog open={open} title="New issue" onClose={() => setOpen(false)}>
      <NewIssueForm
        draft={draft}
        setDraft={setDraft}
        reopen={() => setOpen(true)}
        done={() => {
          setDraft(EMPTY);
          setOpen(false);
        }}
        cancel={() => setOpen(false)}
      />
    </Dialog>
  );
}

function NewIssueForm({ draft, setDraft, reopen, done, cancel }: { draft: Draft; setDraft: (d: Draft) => void; reopen: () => void; done: () => void; cancel: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const repositories = useMirroredRepositories(workspace!.id);
  const people = useMemberLogins(workspace!.id);
  const repositoryId = draft.repositoryId || (repositories.data?.length === 1 ? repositories.data[0].id : '');
  const labels = useRepositoryLabels(workspace!.id, repositoryId || null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ words: string; field?: string } | null>(null);
  // One key per body sent: a retry of the same issue after a lost answer is not a second issue.
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!repositoryId) return setProblem({ words: 'Choose the repository to file the issue in.', field: 'repositoryId' });
    if (!draft.title.trim()) return setProblem({ words: 'A title is needed.', field: 'title' });
    const body: IssueCreate = { repositoryId, title: draft.title.trim(), ...(draft.body.trim() ? { body: draft.body } : {}) };
    if (draft.labels.length) body.labels = draft.labels;
    if (draft.assignees.length) body.assignees = draft.assignees;
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { key: crypto.randomUUID(), body: text };
    setBusy(true);
    setProblem(null);
    let answer: { data?: Issue; error?: unknown; response: Response } | undefined;
    try {
      answer = await api.POST('/v1/issues', { params: { header: { 'idempotency-key': idempotency.current.key } }, body });
    } catch {
      answer = undefined;
    }
    setBusy(false);
    if (!answer?.data) {
      const field = fieldOf(answer?.error);
      setProblem({ words: `The issue was not created. ${problemOf(answer?.error, answer?.response)}`, field });
      // Closed while it was in flight: open again to say why, with everything as it was.
      reopen();
      return;
    }
    const issue = answer.data;
    storeIssue(queryClient, workspace!.id, issue);
    done();
    toast('ok', `Issue #${issue.number} created on GitHub.`);
    navigate(workspacePath(workspace!, `/issues/${issue.id}`));
  };

  const invalid = (field: string) => (problem?.field === field ? ('true' as const) : undefined);
  const noRepositories = repositories.isSuccess && repositories.data.length === 0;
  return (
    <form class="new-issue" onSubmit={submit} noValidate>
      {problem ? <Notice kind="error">{problem.words}</Notice> : null}
      {repositories.isError ? <Notice kind="error">{repositories.error.message}</Notice> : null}
      {noRepositories ? <Notice kind="info">No repository is mirrored yet: mirror one under GitHub first.</Notice> : null}
      <fieldset class="bare" disabled={busy}>
        <legend class="sr-only">The new issue</legend>
        <label for="new-issue-repository">Repository <span class="required" aria-hidden="true">*</span></label>
        <select
          id="new-issue-repository"
          required
          value={repositoryId}
          aria-invalid={invalid('repositoryId')}
          onChange={(event) => set({ repositoryId: (event.target as HTMLSelectElement).value, labels: [] })}
        >
          <option value="">{repositories.isPending ? 'Loading…' : 'Choose a repository'}</option>
          {(repositories.data ?? []).map((r) => (
            <option key={r.id} value={r.id}>{r.fullName}{r.private ? ' (private)' : ''}</option>
          ))}
        </select>
        <label for="new-issue-title">Title <span class="required" aria-hidden="true">*</span></label>
        <input
          id="new-issue-title"
          type="text"
          required
          maxLength={256}
          value={draft.title}
          aria-invalid={invalid('title')}
          onInput={(event) => set({ title: (event.target as HTMLInputElement).value })}
        />
        <MarkdownEditor
          id="new-issue-body"
          label="Description (Markdown)"
          value={draft.body}
          rows={6}
          invalid={problem?.field === 'body'}
          onInput={(body) => set({ body })}
          onKeyDown={(event) => {
            if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') (event.currentTarget.form as HTMLFormElement).requestSubmit();
          }}
        />
        <fieldset>
          <legend>Labels</legend>
          {!repositoryId ? <p class="empty">Choose a repository to see its labels.</p> : labels.isPending ? <p class="loading">Loading the labels…</p> : null}
          {labels.isError ? <Notice kind="error">{labels.error.message}</Notice> : null}
          {repositoryId && labels.data ? <LabelChoices idPrefix="new-issue-label" labels={labels.data} chosen={draft.labels} onChange={(names) => set({ labels: names })} /> : null}
        </fieldset>
        <fieldset>
          <legend>Assignees</legend>
          {people.isError ? <Notice kind="error">{people.error.message}</Notice> : null}
          <AssigneeChoices idPrefix="new-issue-person" people={people.data ?? []} chosen={draft.assignees} onChange={(logins) => set({ assignees: logins })} />
        </fieldset>
      </fieldset>
      <p class="saving" role="status">{busy ? 'Creating the issue on GitHub…' : ''}</p>
      <div class="button-row">
        <button type="submit" class="primary" disabled={busy || noRepositories}>Create issue</button>
        <button type="button" disabled={busy} onClick={cancel}>Cancel</button>
      </div>
    </form>
  );
}
