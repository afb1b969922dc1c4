import { Notice, PageTitle, toast } from '@svc/ui-kit';
import type { ComponentChildren } from 'preact';
import { useQueryClient } from '@tanstack/preact-query';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { inWorkspace, type Issue } from '../api';
import {
  attempt,
  fieldValueText,
  issueKey,
  useIssueEdit,
  useMemberLogins,
  useProject,
  useRepositoryLabels,
  useRepositoryMilestones,
  type FieldValueInput,
  type Outcome,
  type ProjectField,
} from '../issue-data';
import { renderMarkdown } from '../markdown';
import { MarkdownEditor } from '../markdown-editor';
import { useSession } from '../session';
import { AssigneeChoices, LabelChoices } from '../issue-choices';
import '../editing.css';

/**
 * The parts of an issue a member edits on its page. Every change is written to GitHub first (the
 * service does so before it answers): while it is in flight the control says "Saving to GitHub…";
 * the answer is the stored issue and replaces the page's copy; a refusal is said in words, the
 * issue is read again so the page shows what is really stored, and what the person typed or chose
 * is kept for "Edit again".
 */

const notChanged = (what: string, problem: string, shown: string) => `${what} did not change. ${problem} ${shown}`;

/**
 * Focus lands on the element a ref holds once the render that shows it is done (the Edit button
 * comes back when an editor closes, so it is looked up then, not when asked).
 */
function useFocusAfterRender() {
  const pending = useRef<{ current: HTMLElement | null } | null>(null);
  // A layout effect runs once the DOM is updated; it is kept until the element really took focus
  // (an effect left over from an earlier render may run while the button is still hidden).
  useLayoutEffect(() => {
    const element = pending.current?.current;
    if (!element) return;
    element.focus();
    if (document.activeElement === element) pending.current = null;
  });
  return (ref: { current: HTMLElement | null }) => {
    pending.current = ref;
  };
}

/** A refusal in words, with a way back into the editor holding what was typed. */
function Refusal({ children, again }: { children: ComponentChildren; again?: () => void }) {
  return (
    <Notice kind="error">
      {children}
      {again ? (
        <>
          {' '}
          <button type="button" class="link-button" onClick={again}>Edit again</button>
        </>
      ) : null}
    </Notice>
  );
}

/** The title: inline edit, Enter saves, Escape cancels. */
export function IssueTitle({ issue, canEdit, badge }: { issue: Issue; canEdit: boolean; badge: ComponentChildren }) {
  const { workspace } = useSession();
  const edit = useIssueEdit(workspace!.id, issue.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(issue.title);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const focusLater = useFocusAfterRender();

  const open = (keepDraft = false) => {
    if (!keepDraft) setDraft(issue.title);
    setProblem(null);
    setEmpty(false);
    setEditing(true);
    setTimeout(() => input.current?.focus(), 0);
  };
  const close = () => {
    setEditing(false);
    focusLater(editButton);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return setEmpty(true);
    if (title === issue.title) return close();
    setBusy(true);
    const outcome = await edit({ title });
    setBusy(false);
    close();
    if (outcome.ok) toast('ok', 'Title saved on GitHub.');
    else setProblem(notChanged('The title', outcome.problem, 'The title shown is the one stored.'));
  };

  return (
    <div class="issue-title-block">
      <div class="issue-head" hidden={editing}>
        <PageTitle>{issue.title}</PageTitle>
        {badge}
        {canEdit ? (
          <button ref={editButton} type="button" class="small" aria-label="Edit title" onClick={() => open()}>Edit</button>
        ) : null}
      </div>
      {editing ? (
        <form class="title-editor" onSubmit={save} aria-label="Edit the title">
          <label for="issue-title-input">Title</label>
          <div class="title-editor-row">
            <input
              ref={input}
              id="issue-title-input"
              type="text"
              maxLength={256}
              value={draft}
              disabled={busy}
              aria-invalid={empty ? 'true' : undefined}
              aria-describedby="issue-title-help"
              onInput={(event) => {
                setDraft((event.target as HTMLInputElement).value);
                setEmpty(false);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !busy) {
                  event.preventDefault();
                  close();
                }
              }}
            />
            <button type="submit" class="primary" disabled={busy}>Save</button>
            <button type="button" disabled={busy} onClick={close}>Cancel</button>
          </div>
          <p id="issue-title-help" class={empty ? 'problem' : 'help'}>
            {empty ? 'A title is needed.' : 'Enter saves, Escape cancels.'}
          </p>
          <p class="saving" role="status">{busy ? 'Saving to GitHub…' : ''}</p>
        </form>
      ) : null}
      {problem ? <Refusal again={() => open(true)}>{problem}</Refusal> : null}
    </div>
  );
}

/** The description: Markdown with a preview, saved as a whole. */
export function IssueBody({ issue, canEdit }: { issue: Issue; canEdit: boolean }) {
  const { workspace } = useSession();
  const edit = useIssueEdit(workspace!.id, issue.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(issue.body ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();

  const open = (keepDraft = false) => {
    if (!keepDraft) setDraft(issue.body ?? '');
    setProblem(null);
    setEditing(true);
    setTimeout(() => document.getElementById('issue-body-input')?.focus(), 0);
  };
  const close = () => {
    setEditing(false);
    focusLater(editButton);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const body = draft.trim() ? draft : null;
    if (body === (issue.body || null)) return close();
    setBusy(true);
    const outcome = await edit({ body });
    setBusy(false);
    close();
    if (outcome.ok) toast('ok', 'Description saved on GitHub.');
    else setProblem(notChanged('The description', outcome.problem, 'The description shown is the one stored.'));
  };

  return (
    <div class="issue-body">
      {editing ? (
        <form class="body-editor" onSubmit={save} aria-label="Edit the description">
          <MarkdownEditor
            id="issue-body-input"
            label="Description (Markdown)"
            value={draft}
            onInput={setDraft}
            rows={10}
            disabled={busy}
            onKeyDown={(event) => {
              if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') (event.currentTarget.form as HTMLFormElement).requestSubmit();
            }}
          />
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>Save description</button>
            <button type="button" disabled={busy} onClick={close}>Cancel</button>
          </div>
          <p class="saving" role="status">{busy ? 'Saving to GitHub…' : ''}</p>
        </form>
      ) : issue.body ? (
        <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(issue.body) }} />
      ) : (
        <p class="empty">No description.</p>
      )}
      {problem ? <Refusal again={() => open(true)}>{problem}</Refusal> : null}
      {canEdit && !editing ? (
        <button ref={editButton} type="button" class="small" onClick={() => open()}>Edit description</button>
      ) : null}
    </div>
  );
}

/**
 * One part of the issue in the side column: what it holds, an Edit button, and when editing a
 * form (Save writes to GitHub, Cancel or Escape leaves it), the status while saving and a refusal.
 */
function SideField(props: {
  side: SideEditor;
  title: string;
  canEdit: boolean;
  display: ComponentChildren;
  children: ComponentChildren;
  /** Before the form opens: the draft set back to the stored value unless `keepDraft` ("Edit again"). */
  onOpen: (keepDraft: boolean) => void;
  onSave: () => void;
}) {
  const { side, title } = props;
  const { id, editing, busy } = side;
  const open = (keepDraft: boolean) => {
    props.onOpen(keepDraft);
    side.open();
  };
  return (
    <section class="side-field" aria-labelledby={`${id}-title`}>
      <div class="side-field-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {props.canEdit && !editing ? (
          <button ref={side.editButton} type="button" class="small" aria-label={`Edit ${title.toLowerCase()}`} onClick={() => open(false)}>Edit</button>
        ) : null}
      </div>
      {editing ? (
        <form
          id={`${id}-editor`}
          class="side-editor"
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) {
              event.preventDefault();
              event.stopPropagation();
              side.close();
            }
          }}
        >
          <fieldset disabled={busy} class="bare">
            <legend class="sr-only">{title}</legend>
            {props.children}
          </fieldset>
          <div class="button-row">
            <button type="submit" class="primary small" disabled={busy}>Save</button>
            <button type="button" class="small" disabled={busy} onClick={side.close}>Cancel</button>
          </div>
        </form>
      ) : (
        <div class="side-value">{props.display}</div>
      )}
      <p class="saving" role="status">{busy ? 'Saving to GitHub…' : ''}</p>
      {side.problem ? <Refusal again={() => open(true)}>{side.problem}</Refusal> : null}
    </section>
  );
}

type SideEditor = ReturnType<typeof useSideEditor>;

/** Editing state shared by the side fields: open, busy, the refusal, focus back on Edit. */
function useSideEditor() {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();
  const id = useRef(`side-${Math.random().toString(36).slice(2, 8)}`).current;
  const close = () => {
    setEditing(false);
    focusLater(editButton);
  };
  return {
    editing,
    busy,
    problem,
    editButton,
    open() {
      setProblem(null);
      setEditing(true);
      // The first control of the form takes focus.
      setTimeout(() => document.querySelector<HTMLElement>(`#${id}-editor input, #${id}-editor select`)?.focus(), 0);
    },
    close,
    /**
     * Writes through `write` unless `unchanged`; then closes, and says "<saved>" or why `what` did
     * not change. The stored answer goes to the caller (null after a refusal).
     */
    async save<T>(unchanged: boolean, write: () => Promise<Outcome<T>>, words: { saved: string; what: string; shown: string }): Promise<T | null> {
      if (unchanged) {
        close();
        return null;
      }
      setBusy(true);
      const outcome = await write();
      setBusy(false);
      close();
      if (!outcome.ok) {
        setProblem(notChanged(words.what, outcome.problem, words.shown));
        return null;
      }
      toast('ok', words.saved);
      return outcome.data;
    },
    id,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));

export function LabelsField({ issue, canEdit }: { issue: Issue; canEdit: boolean }) {
  const { workspace } = useSession();
  const edit = useIssueEdit(workspace!.id, issue.id);
  const side = useSideEditor();
  const current = issue.labels.map((l) => l.name);
  const [chosen, setChosen] = useState<string[]>(current);
  const labels = useRepositoryLabels(workspace!.id, side.editing ? issue.repository.id : null);

  const save = () =>
    side.save(sameSet(chosen, current), () => edit({ labels: chosen }), {
      saved: 'Labels saved on GitHub.',
      what: 'The labels',
      shown: 'The labels shown are the ones stored.',
    });
  return (
    <SideField
      side={side}
      title="Labels"
      canEdit={canEdit}
      onOpen={(keep) => {
        if (!keep) setChosen(current);
      }}
      onSave={save}
      display={issue.labels.length ? <span class="chips">{issue.labels.map((l) => <span key={l.nodeId} class="label">{l.name}</span>)}</span> : <span class="empty">None</span>}
    >
      {labels.isPending ? <p class="loading">Loading the repository's labels…</p> : null}
      {labels.isError ? <Notice kind="error">{labels.error.message}</Notice> : null}
      <LabelChoices idPrefix={`${side.id}-label`} labels={labels.data ?? []} chosen={chosen} onChange={setChosen} />
    </SideField>
  );
}

export function AssigneesField({ issue, canEdit }: { issue: Issue; canEdit: boolean }) {
  const { workspace } = useSession();
  const edit = useIssueEdit(workspace!.id, issue.id);
  const side = useSideEditor();
  const current = issue.assignees.flatMap((a) => (a ? [a.login] : []));
  const [chosen, setChosen] = useState<string[]>(current);
  const [dropped, setDropped] = useState<string[]>([]);
  const people = useMemberLogins(workspace!.id);

  const save = async () => {
    setDropped([]);
    const stored = await side.save(sameSet(chosen, current), () => edit({ assignees: chosen }), {
      saved: 'Assignees saved on GitHub.',
      what: 'The assignees',
      shown: 'The assignees shown are the ones stored.',
    });
    if (!stored) return;
    // GitHub drops, without an error, anybody who cannot be assigned in the repository: say so.
    const assigned = stored.assignees.flatMap((a) => (a ? [a.login.toLowerCase()] : []));
    setDropped(chosen.filter((login) => !assigned.includes(login.toLowerCase())));
  };
  return (
    <>
      <SideField
        side={side}
        title="Assignees"
        canEdit={canEdit}
        onOpen={(keep) => {
          if (!keep) setChosen(current);
          setDropped([]);
        }}
        onSave={save}
        display={current.length ? current.join(', ') : <span class="empty">Nobody</span>}
      >
        {people.isError ? <Notice kind="error">{people.error.message}</Notice> : null}
        <AssigneeChoices idPrefix={`${side.id}-person`} people={people.data ?? []} chosen={chosen} onChange={setChosen} />
      </SideField>
      {dropped.length ? (
        <Notice kind="error">
          GitHub did not assign {dropped.join(', ')}: only people with access to {issue.repository.fullName} can be assigned. The assignees shown are the ones stored.
        </Notice>
      ) : null}
    </>
  );
}

export function MilestoneField({ issue, canEdit }: { issue: Issue; canEdit: boolean }) {
  const { workspace } = useSession();
  const edit = useIssueEdit(workspace!.id, issue.id);
  const side = useSideEditor();
  const current = issue.milestone?.id ?? '';
  const [chosen, setChosen] = useState(current);
  const milestones = useRepositoryMilestones(workspace!.id, side.editing ? issue.repository.id : null);

  const save = () =>
    side.save(chosen === current, () => edit({ milestoneId: chosen || null }), {
      saved: chosen ? 'Milestone saved on GitHub.' : 'Milestone removed on GitHub.',
      what: 'The milestone',
      shown: 'The milestone shown is the one stored.',
    });
  const choices = [...(milestones.data ?? [])];
  // The issue's own milestone stays a choice even before the list has arrived.
  if (issue.milestone && !choices.some((m) => m.id === issue.milestone!.id)) choices.unshift(issue.milestone);
  return (
    <SideField
      side={side}
      title="Milestone"
      canEdit={canEdit}
      onOpen={(keep) => {
        if (!keep) setChosen(current);
      }}
      onSave={save}
      display={issue.milestone ? issue.milestone.title : <span class="empty">None</span>}
    >
      {milestones.isPending ? <p class="loading">Loading the repository's milestones…</p> : null}
      {milestones.isError ? <Notice kind="error">{milestones.error.message}</Notice> : null}
      <div class="choices" role="radiogroup" aria-label="Milestone">
        <label class="choice">
          <input type="radio" name={`${side.id}-milestone`} value="" checked={chosen === ''} onChange={() => setChosen('')} />
          None
        </label>
        {choices.map((m) => (
          <label key={m.id} class="choice">
            <input type="radio" name={`${side.id}-milestone`} value={m.id} checked={chosen === m.id} onChange={() => setChosen(m.id)} />
            {m.title}
            {m.state === 'closed' ? <span class="meta"> (closed)</span> : null}
          </label>
        ))}
      </div>
    </SideField>
  );
}

/** The issue's cards on projects, with each field that can be set. */
export function ProjectCards({ issue, canEdit }: { issue: Issue; canEdit: boolean }) {
  return (
    <>
      {issue.projectItems.map((item) => (
        <ProjectCard key={item.itemNodeId} issue={issue} item={item} canEdit={canEdit} />
      ))}
    </>
  );
}

type Card = Issue['projectItems'][number];

function ProjectCard({ issue, item, canEdit }: { issue: Issue; item: Card; canEdit: boolean }) {
  const { workspace } = useSession();
  const project = useProject(workspace!.id, item.projectId);
  const headingId = `project-${item.itemNodeId.replace(/\W+/g, '-')}`;
  const fields = (project.data?.fields ?? []).filter((f) => f.settable);
  return (
    <section class="side-field project-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Project: {item.projectTitle}</h2>
      {project.isPending ? <p class="loading">Loading the project's fields…</p> : null}
      {project.isError ? <Notice kind="error">{project.error.message}</Notice> : null}
      <ul class="project-fields">
        {fields.map((field) => (
          <li key={field.nodeId}>
            <ProjectFieldRow issue={issue} item={item} field={field} canEdit={canEdit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the field's form holds: an option or iteration id, a number, a date or text; empty clears. */
function draftOf(field: ProjectField, item: Card): string {
  const value = item.fieldValues[field.nodeId];
  if (!value) return '';
  switch (value.type) {
    case 'single_select':
      return value.optionId;
    case 'iteration':
      return value.iterationId;
    case 'number':
      return String(value.number);
    case 'date':
      return value.date;
    case 'text':
      return value.text;
  }
}

function valueOf(field: ProjectField, draft: string): FieldValueInput | 'invalid' {
  if (draft.trim() === '') return null;
  switch (field.dataType) {
    case 'single_select':
      return { optionId: draft };
    case 'iteration':
      return { iterationId: draft };
    case 'number': {
      const number = Number(draft);
      return Number.isFinite(number) ? { number } : 'invalid';
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(draft) ? { date: draft } : 'invalid';
    default:
      return { text: draft };
  }
}

function ProjectFieldRow({ issue, item, field, canEdit }: { issue: Issue; item: Card; field: ProjectField; canEdit: boolean }) {
  const { workspace } = useSession();
  const queryClient = useQueryClient();
  const api = inWorkspace(workspace!.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(field, item));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender();
  const inputId = `field-${item.itemNodeId}-${field.nodeId}`.replace(/\W+/g, '-');
  const shown = fieldValueText(item.fieldValues[field.nodeId]);

  const open = (keepDraft = false) => {
    if (!keepDraft) setDraft(draftOf(field, item));
    setProblem(null);
    setInvalid(false);
    setEditing(true);
    setTimeout(() => document.getElementById(inputId)?.focus(), 0);
  };
  const close = () => {
    setEditing(false);
    focusLater(editButton);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    if (draft === draftOf(field, item)) return close();
    const value = valueOf(field, draft);
    if (value === 'invalid') return setInvalid(true);
    setBusy(true);
    const outcome = await attempt(() =>
      api.PATCH('/v1/projects/{projectId}/items/{itemId}/fields/{fieldNodeId}', {
        params: { path: { projectId: item.projectId, itemId: item.itemNodeId, fieldNodeId: field.nodeId } },
        body: { value },
      }),
    );
    setBusy(false);
    close();
    const key = issueKey(workspace!.id, issue.id);
    if (outcome.ok) {
      // The answer is the card as GitHub now has it: its values replace the page's.
      queryClient.setQueryData<Issue>(key, (old) =>
        old && { ...old, projectItems: old.projectItems.map((p) => (p.itemNodeId === item.itemNodeId ? { ...p, fieldValues: outcome.data.fieldValues } : p)) },
      );
      void queryClient.invalidateQueries({ queryKey: ['issues', workspace!.id] });
      toast('ok', `${field.name} saved on GitHub.`);
    } else {
      await queryClient.invalidateQueries({ queryKey: key });
      setProblem(notChanged(field.name, outcome.problem, 'The value shown is the one stored.'));
    }
  };

  const control = () => {
    const common = {
      id: inputId,
      disabled: busy,
      'aria-invalid': invalid ? ('true' as const) : undefined,
      'aria-describedby': `${inputId}-help`,
    };
    const onChange = (event: Event) => {
      setDraft((event.target as HTMLInputElement | HTMLSelectElement).value);
      setInvalid(false);
    };
    switch (field.dataType) {
      case 'single_select':
        return (
          <select {...common} value={draft} onChange={onChange}>
            <option value="">Not set</option>
            {(field.options ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.name}</option>
            ))}
          </select>
        );
      case 'iteration':
        return (
          <select {...common} value={draft} onChange={onChange}>
            <option value="">Not set</option>
            {(field.iterations ?? []).map((i) => (
              <option key={i.id} value={i.id}>{i.title}{i.completed ? ' (completed)' : ''}</option>
            ))}
          </select>
        );
      case 'number':
        return <input {...common} type="number" step="any" inputMode="decimal" value={draft} onInput={onChange} />;
      case 'date':
        return <input {...common} type="date" value={draft} onInput={onChange} />;
      default:
        return <input {...common} type="text" maxLength={10000} value={draft} onInput={onChange} />;
    }
  };

  return (
    <div class="project-field">
      {editing ? (
        <form
          class="side-editor"
          onSubmit={save}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        >
          <label for={inputId}>{field.name}</label>
          {control()}
          <p id={`${inputId}-help`} class={invalid ? 'problem' : 'help'}>
            {invalid ? (field.dataType === 'number' ? 'A number is needed, or nothing to clear it.' : 'A date is needed, or nothing to clear it.') : 'Empty clears it.'}
          </p>
          <div class="button-row">
            <button type="submit" class="primary small" disabled={busy}>Save</button>
            <button type="button" class="small" disabled={busy} onClick={close}>Cancel</button>
          </div>
        </form>
      ) : (
        <div class="project-field-row">
          <span class="project-field-name">{field.name}</span>
          <span class="project-field-value">{shown ?? <span class="empty">Not set</span>}</span>
          {canEdit ? (
            <button ref={editButton} type="button" class="small" aria-label={`Edit ${field.name}`} onClick={() => open()}>Edit</button>
          ) : null}
        </div>
      )}
      <p class="saving" role="status">{busy ? 'Saving to GitHub…' : ''}</p>
      {problem ? <Refusal again={() => open(true)}>{problem}</Refusal> : null}
    </div>
  );
}
