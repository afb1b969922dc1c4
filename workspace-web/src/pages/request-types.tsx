import { Dialog, Link, navigate, Notice, PageTitle, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt, useMirroredRepositories, useProject, useRepositoryLabels } from '../issue-data';
import { useSession, workspacePath } from '../session';
import { FormBuilder, FormPreview, type FormField } from './form-builder';
import { canRunPortals } from './portals';
import { StatusRules, type StatusRule } from './status-rules';
import { Missing, missingTitle } from './missing';

type RequestType = components['schemas']['RequestType'];

interface Draft {
  name: string;
  description: string;
  form: FormField[];
  repositoryId: string;
  labels: string[];
  issueType: string;
  projectNodeId: string;
  /** Single-select initial values: field node id → option name. */
  initialOptions: Record<string, string>;
  statusMap: StatusRule[];
}

const draftOf = (t: RequestType | null): Draft => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  form: (t?.form ?? []).map((f) => ({ ...f })),
  repositoryId: t?.destination.repositoryId ?? '',
  labels: t?.destination.labels ?? [],
  issueType: t?.destination.issueType ?? '',
  projectNodeId: t?.destination.projectNodeId ?? '',
  initialOptions: Object.fromEntries(
    Object.entries(t?.destination.initialFieldValues ?? {}).flatMap(([field, value]) => {
      const v = value as { optionName?: string };
      return v.optionName ? [[field, v.optionName]] : [];
    }),
  ),
  statusMap: t?.statusMap ?? [],
});

/** `/w/<slug>/portals/<id>/request-types`: what customers of the portal may ask for, in the order offered. */
export function RequestTypesPage({ portalId }: { portalId: string }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const admin = canRunPortals(workspace!.role);
  const portal = useQuery({ queryKey: ['portal', workspace!.id, portalId], queryFn: () => must(api.GET('/v1/portals/{portalId}', { params: { path: { portalId } } })) });
  const types = useQuery({ queryKey: ['request-types', workspace!.id, portalId], queryFn: () => must(api.GET('/v1/portals/{portalId}/request-types', { params: { path: { portalId } } })) });
  const base = workspacePath(workspace!, `/portals/${portalId}`);
  return (
    <>
      <p class="crumbs"><Link href={workspacePath(workspace!, '/portals')}>Portals</Link> · <Link href={base}>{portal.data?.name ?? 'Portal'}</Link></p>
      <div class="list-head">
        <PageTitle>Request types of {portal.data?.name ?? 'the portal'}</PageTitle>
        {admin ? <Link href={`${base}/request-types/new`} class="button primary">New request type</Link> : null}
      </div>
      <p class="help">Each is a form customers fill in, and says where the issue it makes goes and which status customers see.</p>
      {types.isError ? <Notice kind="error">{types.error.message}</Notice> : null}
      {types.data && types.data.data.length === 0 ? <p class="empty">No request type yet: customers cannot send requests until there is one.</p> : null}
      <ul class="plain-list">
        {(types.data?.data ?? []).map((t) => (
          <li key={t.id} class="card">
            <h2><Link href={`${base}/request-types/${t.id}`}>{t.name}</Link></h2>
            <p class="meta">
              {t.form.length} question{t.form.length === 1 ? '' : 's'} · to {t.destination.repositoryFullName ?? <strong>no repository (set one: submitting is refused)</strong>}
              {t.destination.labels.length ? ` · labels ${t.destination.labels.join(', ')}` : ''}
            </p>
            {t.description ? <p>{t.description}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * `/w/<slug>/portals/<id>/request-types/<typeId|new>`: a request type's name and description, its
 * form (built question by question, with a preview drawn as the portal draws it), where its issues
 * go (repository, labels, issue type, project and the card's first values) and its status rules.
 * The API's 422s are said beside the part they name.
 */
export function RequestTypeEditor({ portalId, typeId }: { portalId: string; typeId: string | null }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const admin = canRunPortals(workspace!.role);
  const types = useQuery({ queryKey: ['request-types', workspace!.id, portalId], queryFn: () => must(api.GET('/v1/portals/{portalId}/request-types', { params: { path: { portalId } } })) });
  const stored = typeId ? (types.data?.data.find((t) => t.id === typeId) ?? null) : null;
  const [draft, setDraft] = useState<Draft | null>(typeId === null ? draftOf(null) : null);
  if (draft === null && stored) setDraft(draftOf(stored));
  const repositories = useMirroredRepositories(workspace!.id);
  const labels = useRepositoryLabels(workspace!.id, draft?.repositoryId || null);
  const projects = useQuery({ queryKey: ['projects', workspace!.id], queryFn: () => must(api.GET('/v1/projects', { params: { query: { limit: 100 } } })) });
  const projectId = (projects.data?.data ?? []).find((p) => p.nodeId === draft?.projectNodeId)?.id ?? '';
  const project = useProject(workspace!.id, projectId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const base = workspacePath(workspace!, `/portals/${portalId}/request-types`);

  if (typeId && types.isPending) return <p class="loading">Loading the request type…</p>;
  if (typeId && !stored) return <Missing title={missingTitle(types.error ?? { status: 404 }, 'Request type')} problem={types.error?.message ?? null} back={{ href: base, label: 'Back to the request types' }} />;
  if (!draft) return null;
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const selectFields = (project.data?.fields ?? []).filter((f) => f.dataType === 'single_select' && f.settable);
  const at = (prefix: string) => (problem?.field && (problem.field === prefix || problem.field.startsWith(`${prefix}.`) || problem.field.startsWith(`${prefix}[`)) ? problem.text : null);
  const formProblems: Record<number, string> = {};
  // The service names a question as `form[2].options`, the body's shape as `form.2.label`.
  const formIndex = problem?.field ? /^form(?:\.|\[)(\d+)/.exec(problem.field) : null;
  if (formIndex) formProblems[Number(formIndex[1])] = problem!.text;

  const save = async (event: Event) => {
    event.preventDefault();
    const body = {
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      form: draft.form,
      destination: {
        repositoryId: draft.repositoryId,
        labels: draft.labels,
        issueType: draft.issueType.trim() || null,
        projectNodeId: draft.projectNodeId || null,
        initialFieldValues: draft.projectNodeId ? Object.fromEntries(Object.entries(draft.initialOptions).filter(([, v]) => v).map(([k, v]) => [k, { optionName: v }])) : {},
      },
      statusMap: draft.statusMap,
    };
    setBusy(true);
    setProblem(null);
    const outcome = stored
      ? await attempt(() => api.PATCH('/v1/portals/{portalId}/request-types/{requestTypeId}', { params: { path: { portalId, requestTypeId: stored.id } }, body }))
      : await attempt(() => api.POST('/v1/portals/{portalId}/request-types', { params: { path: { portalId }, header: { 'idempotency-key': crypto.randomUUID() } }, body }));
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    void queryClient.invalidateQueries({ queryKey: ['request-types', workspace!.id, portalId] });
    setDraft(draftOf(outcome.data));
    toast('ok', stored ? `Saved ${outcome.data.name}.` : `Made the request type ${outcome.data.name}.`);
    if (!stored) navigate(`${base}/${outcome.data.id}`, { replace: true });
  };
  const remove = async () => {
    setBusy(true);
    const outcome = await attempt(() => api.DELETE('/v1/portals/{portalId}/request-types/{requestTypeId}', { params: { path: { portalId, requestTypeId: stored!.id } } }));
    setBusy(false);
    setDeleting(false);
    if (!outcome.ok) return setProblem({ text: `${stored!.name} was not deleted. ${outcome.problem}` });
    toast('ok', `Deleted ${stored!.name}.`);
    void queryClient.invalidateQueries({ queryKey: ['request-types', workspace!.id, portalId] });
    navigate(base, { replace: true });
  };
  const placed = problem?.field && (at('name') || at('description') || at('destination') || at('statusMap') || formIndex);

  return (
    <article class="request-type-editor">
      <p class="crumbs"><Link href={base}>Request types</Link>{stored ? <> · {stored.name}</> : null}</p>
      <PageTitle>{stored ? stored.name : 'New request type'}</PageTitle>
      {admin ? null : <Notice kind="info">Only admins and owners change request types.</Notice>}
      {problem && !placed ? <Notice kind="error">{problem.text}</Notice> : null}
      <form onSubmit={save} aria-label="Request type">
        <div class="settings-columns">
          <div>
            <fieldset class="bare" disabled={!admin || busy}>
              <label for="type-name">Name</label>
              <input id="type-name" required maxLength={80} value={draft.name} aria-invalid={at('name') ? true : undefined} onInput={(e) => set({ name: (e.target as HTMLInputElement).value })} />
              {at('name') ? <p class="problem">{at('name')}</p> : null}
              <label for="type-description">Description (optional)</label>
              <textarea id="type-description" rows={2} maxLength={500} value={draft.description} onInput={(e) => set({ description: (e.target as HTMLTextAreaElement).value })} />
            </fieldset>
            <h2>Questions</h2>
            <FormBuilder fields={draft.form} change={(form) => set({ form })} problems={formProblems} disabled={!admin || busy} />
          </div>
          <FormPreview fields={draft.form} />
        </div>

        <section class="card" aria-labelledby="destination-title">
          <h2 id="destination-title">Where requests go</h2>
          <fieldset class="bare" disabled={!admin || busy}>
            {at('destination') ? <p class="problem" role="alert">{at('destination')}</p> : null}
            <label for="type-repository">Repository</label>
            <select id="type-repository" required value={draft.repositoryId} onChange={(e) => set({ repositoryId: (e.target as HTMLSelectElement).value, labels: [] })}>
              <option value="">Choose a mirrored repository…</option>
              {(repositories.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>{r.fullName}{r.private ? '' : ' (public)'}</option>
              ))}
            </select>
            <p class="help">In a public repository, only a public request of an open portal is filed with the customer’s words; any other is filed as its reference alone, and its words stay here.</p>
            {draft.repositoryId ? (
              <fieldset>
                <legend>Labels the issue gets</legend>
                {(labels.data ?? []).length === 0 ? <p class="help">The repository has no labels.</p> : null}
                <div class="label-choices-grid">
                  {[...new Set((labels.data ?? []).map((l) => l.name))].map((name) => (
                    <label key={name} class="choice">
                      <input type="checkbox" checked={draft.labels.includes(name)} onChange={(e) => set({ labels: (e.target as HTMLInputElement).checked ? [...draft.labels, name] : draft.labels.filter((n) => n !== name) })} />
                      {name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <label for="type-issue-type">Issue type (optional)</label>
            <input id="type-issue-type" maxLength={100} value={draft.issueType} placeholder="Bug, Feature…" onInput={(e) => set({ issueType: (e.target as HTMLInputElement).value })} />
            <label for="type-project">Project (optional)</label>
            <select id="type-project" value={draft.projectNodeId} onChange={(e) => set({ projectNodeId: (e.target as HTMLSelectElement).value, initialOptions: {} })}>
              <option value="">None</option>
              {(projects.data?.data ?? []).map((p) => (
                <option key={p.id} value={p.nodeId}>{p.title}</option>
              ))}
            </select>
            {draft.projectNodeId && selectFields.length ? (
              <fieldset>
                <legend>The new card’s first values</legend>
                {selectFields.map((f) => (
                  <div key={f.nodeId}>
                    <label for={`initial-${f.nodeId}`}>{f.name}</label>
                    <select id={`initial-${f.nodeId}`} value={draft.initialOptions[f.nodeId] ?? ''} onChange={(e) => set({ initialOptions: { ...draft.initialOptions, [f.nodeId]: (e.target as HTMLSelectElement).value } })}>
                      <option value="">Not set</option>
                      {(f.options ?? []).map((o) => (
                        <option key={o.id} value={o.name}>{o.name}</option>
                      ))}
                    </select>
                  </div>
                ))}
              </fieldset>
            ) : null}
          </fieldset>
        </section>

        <section class="card" aria-labelledby="rules-title">
          <h2 id="rules-title">The status customers see</h2>
          <StatusRules
            rules={draft.statusMap}
            change={(statusMap) => set({ statusMap })}
            labels={[...new Set((labels.data ?? []).map((l) => l.name))]}
            fields={selectFields}
            disabled={!admin || busy}
            problem={at('statusMap')}
          />
        </section>

        {admin ? (
          <div class="button-row">
            <button type="submit" class="primary" disabled={busy}>{busy ? 'Saving…' : stored ? 'Save the request type' : 'Make the request type'}</button>
            {stored ? <button type="button" onClick={() => (setDraft(draftOf(stored)), setProblem(null))}>Undo the changes</button> : null}
            {stored ? <button type="button" class="danger" onClick={() => setDeleting(true)}>Delete…</button> : null}
          </div>
        ) : null}
      </form>
      {stored ? (
        <Dialog open={deleting} title={`Delete ${stored.name}?`} onClose={() => setDeleting(false)}>
          <p>Customers can no longer choose it. Requests already sent with it stay, with their answers.</p>
          <div class="button-row">
            <button type="button" class="danger" disabled={busy} onClick={remove}>Delete the request type</button>
            <button type="button" onClick={() => setDeleting(false)}>Keep it</button>
          </div>
        </Dialog>
      ) : null}
    </article>
  );
}
