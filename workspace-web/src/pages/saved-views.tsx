import { Dialog, Link, navigate, Notice, toast } from '@svc/ui-kit';
import { useQueryClient } from '@tanstack/preact-query';
import { useState } from 'preact/hooks';
import { inWorkspace, problemOf } from '../api';
import { filterOf, showsView, useViews, viewSearch, type View } from '../views';

type Open = 'save' | 'edit' | 'delete' | null;

/**
 * The saved views above the issue list: each one a link to the list with its filters in the
 * address (`view=` names it), and saving the filters shown as a new view, renaming the open one or
 * replacing its filters with the ones shown, and deleting it after a confirmation.
 */
export function SavedViews({ workspaceId, location, canSave }: { workspaceId: string; location: URL; canSave: boolean }) {
  const views = useViews(workspaceId);
  const [open, setOpen] = useState<Open>(null);
  const params = location.searchParams;
  const viewId = params.get('view');
  const current = (views.data ?? []).find((v) => v.id === viewId) ?? null;
  const changed = current !== null && !showsView(params, current);
  const list = location.pathname;

  return (
    <section class="saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title" class="sr-only">Saved views</h2>
      <nav aria-label="Saved views">
        {views.isError ? <p class="problem">The saved views could not be read: {views.error.message}</p> : null}
        <ul class="view-list">
          {(views.data ?? []).map((view) => (
            <li key={view.id}>
              <Link href={`${list}?${viewSearch(view)}`} class="view-link" aria-current={view.id === viewId ? 'page' : undefined}>
                {view.name}
                {view.visibility === 'personal' ? <span class="view-kind"> · only you</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div class="view-actions">
        {current && changed ? <span class="help view-changed">The filters differ from the view “{current.name}”.</span> : null}
        {canSave ? <button type="button" onClick={() => setOpen('save')}>Save as a view…</button> : null}
        {current?.editable ? (
          <>
            <button type="button" onClick={() => setOpen('edit')}>Edit “{current.name}”…</button>
            <button type="button" class="danger" onClick={() => setOpen('delete')}>Delete “{current.name}”…</button>
          </>
        ) : null}
      </div>
      <SaveDialog open={open === 'save'} close={() => setOpen(null)} workspaceId={workspaceId} location={location} />
      {current ? (
        <>
          <EditDialog open={open === 'edit'} close={() => setOpen(null)} workspaceId={workspaceId} location={location} view={current} changed={changed} />
          <DeleteDialog open={open === 'delete'} close={() => setOpen(null)} workspaceId={workspaceId} location={location} view={current} />
        </>
      ) : null}
    </section>
  );
}

interface DialogProps {
  open: boolean;
  close: () => void;
  workspaceId: string;
  location: URL;
}

function SaveDialog({ open, close, workspaceId, location }: DialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setProblem('Give the view a name.');
    setBusy(true);
    setProblem(null);
    const answer = await inWorkspace(workspaceId)
      .POST('/v1/views', {
        params: { header: { 'idempotency-key': crypto.randomUUID() } },
        body: { name, visibility: form.get('visibility') === 'shared' ? 'shared' : 'personal', ...filterOf(location.searchParams) },
      })
      .catch(() => undefined);
    setBusy(false);
    if (!answer?.data) return setProblem(problemOf(answer?.error, answer?.response));
    close();
    toast('ok', `Saved the view “${answer.data.name}”.`);
    navigate(`${location.pathname}?${viewSearch(answer.data)}`, { replace: true, keepScroll: true });
    void queryClient.invalidateQueries({ queryKey: ['views', workspaceId] });
  };
  return (
    <Dialog open={open} title="Save as a view" onClose={() => (setProblem(null), close())}>
      <form onSubmit={save}>
        <p class="help">The view keeps the filters and the sort shown now.</p>
        <label for="view-name">Name</label>
        <input id="view-name" name="name" required maxLength={80} autoComplete="off" />
        <fieldset>
          <legend>Who sees it</legend>
          <label class="choice"><input type="radio" name="visibility" value="personal" checked /> Only you</label>
          <label class="choice"><input type="radio" name="visibility" value="shared" /> Everyone in the workspace</label>
        </fieldset>
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        <div class="button-row">
          <button type="submit" class="primary" disabled={busy}>{busy ? 'Saving…' : 'Save the view'}</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}

function EditDialog({ open, close, workspaceId, location, view, changed }: DialogProps & { view: View; changed: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return setProblem('Give the view a name.');
    const replace = form.get('replace') === 'yes';
    setBusy(true);
    setProblem(null);
    const answer = await inWorkspace(workspaceId)
      .PATCH('/v1/views/{viewId}', {
        params: { path: { viewId: view.id } },
        body: { name, ...(replace ? filterOf(location.searchParams) : {}) },
      })
      .catch(() => undefined);
    setBusy(false);
    if (!answer?.data) return setProblem(problemOf(answer?.error, answer?.response));
    close();
    toast('ok', replace ? `Saved “${answer.data.name}” with the filters shown.` : `Renamed the view “${answer.data.name}”.`);
    // The address shows the view as it now is.
    navigate(`${location.pathname}?${viewSearch(answer.data)}`, { replace: true, keepScroll: true });
    void queryClient.invalidateQueries({ queryKey: ['views', workspaceId] });
  };
  return (
    <Dialog open={open} title="Edit the view" onClose={() => (setProblem(null), close())}>
      <form onSubmit={save}>
        <label for="view-rename">Name</label>
        <input id="view-rename" name="name" required maxLength={80} defaultValue={view.name} autoComplete="off" />
        <div class="field-checkbox">
          <input id="view-replace" type="checkbox" name="replace" value="yes" defaultChecked={changed} aria-describedby="view-replace-help" />
          <label for="view-replace">Replace its filters and sort with the ones shown now</label>
          <p id="view-replace-help" class="help">{changed ? 'The list shows other filters than the view holds.' : 'The list shows what the view holds.'}</p>
        </div>
        {view.visibility === 'shared' ? <p class="help">Everyone in the workspace sees this view, and the change.</p> : null}
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        <div class="button-row">
          <button type="submit" class="primary" disabled={busy}>{busy ? 'Saving…' : 'Save the changes'}</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ open, close, workspaceId, location, view }: DialogProps & { view: View }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await inWorkspace(workspaceId)
      .DELETE('/v1/views/{viewId}', { params: { path: { viewId: view.id } } })
      .catch(() => undefined);
    setBusy(false);
    if (!answer?.response.ok) return setProblem(problemOf(answer?.error, answer?.response));
    close();
    toast('ok', `Deleted the view “${view.name}”.`);
    // The list stays as it is, no longer named after the view.
    const next = new URLSearchParams(location.searchParams);
    next.delete('view');
    const text = next.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`, { replace: true, keepScroll: true });
    void queryClient.invalidateQueries({ queryKey: ['views', workspaceId] });
  };
  return (
    <Dialog open={open} title="Delete the view?" onClose={() => (setProblem(null), close())}>
      <p>
        “{view.name}” will be deleted {view.visibility === 'shared' ? 'for everyone in the workspace' : 'for you'}. The issues stay as they are.
        {view.builtIn ? ' It came with the workspace and is not made again.' : ''}
      </p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <div class="button-row">
        <button type="button" class="danger" disabled={busy} onClick={remove}>{busy ? 'Deleting…' : 'Delete the view'}</button>
        <button type="button" onClick={close}>Cancel</button>
      </div>
    </Dialog>
  );
}
