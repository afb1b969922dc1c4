import { Dialog, Link, navigate, Notice, toast } from '@svc/ui-kit';
import { useQueryClient } from '@tanstack/preact-query';
import type { ComponentChildren } from 'preact';
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

/**
 * What the three dialogs share: busy while the API works, its refusal in words, and once it
 * answered, the dialog closed, a toast, the list's address set to what `after` gives and the views
 * read again.
 */
function useViewWrite({ close, workspaceId, location }: DialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async <T,>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, after: (data: T | undefined) => { said: string; search: string }) => {
    setBusy(true);
    setProblem(null);
    const answer = await call().catch(() => undefined);
    setBusy(false);
    if (!answer?.response.ok) return setProblem(problemOf(answer?.error, answer?.response));
    const { said, search } = after(answer.data);
    close();
    toast('ok', said);
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, keepScroll: true });
    void queryClient.invalidateQueries({ queryKey: ['views', workspaceId] });
  };
  return { busy, problem, setProblem, run, dismiss: () => (setProblem(null), close()) };
}

/** A dialog with a view's name and what else `children` asks; `submit` gets the form once the name is there. */
function ViewNameDialog(props: DialogProps & { write: ReturnType<typeof useViewWrite>; title: string; action: string; submit: (name: string, form: FormData) => void; children?: ComponentChildren }) {
  const { write } = props;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(form.get('name') ?? '').trim();
    if (!name) return write.setProblem('Give the view a name.');
    props.submit(name, form);
  };
  return (
    <Dialog open={props.open} title={props.title} onClose={write.dismiss}>
      <form onSubmit={onSubmit}>
        {props.children}
        {write.problem ? <Notice kind="error">{write.problem}</Notice> : null}
        <div class="button-row">
          <button type="submit" class="primary" disabled={write.busy}>{write.busy ? 'Saving…' : props.action}</button>
          <button type="button" onClick={props.close}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}

function SaveDialog(props: DialogProps) {
  const { workspaceId, location } = props;
  const write = useViewWrite(props);
  const submit = (name: string, form: FormData) =>
    write.run(
      () =>
        inWorkspace(workspaceId).POST('/v1/views', {
          params: { header: { 'idempotency-key': crypto.randomUUID() } },
          body: { name, visibility: form.get('visibility') === 'shared' ? 'shared' : 'personal', ...filterOf(location.searchParams) },
        }),
      (view) => ({ said: `Saved the view “${view!.name}”.`, search: viewSearch(view!).toString() }),
    );
  return (
    <ViewNameDialog {...props} write={write} title="Save as a view" action="Save the view" submit={submit}>
      <p class="help">The view keeps the filters and the sort shown now.</p>
      <label for="view-name">Name</label>
      <input id="view-name" name="name" required maxLength={80} autoComplete="off" />
      <fieldset>
        <legend>Who sees it</legend>
        <label class="choice"><input type="radio" name="visibility" value="personal" checked /> Only you</label>
        <label class="choice"><input type="radio" name="visibility" value="shared" /> Everyone in the workspace</label>
      </fieldset>
    </ViewNameDialog>
  );
}

function EditDialog(props: DialogProps & { view: View; changed: boolean }) {
  const { workspaceId, location, view, changed } = props;
  const write = useViewWrite(props);
  const submit = (name: string, form: FormData) => {
    const replace = form.get('replace') === 'yes';
    return write.run(
      () =>
        inWorkspace(workspaceId).PATCH('/v1/views/{viewId}', {
          params: { path: { viewId: view.id } },
          body: { name, ...(replace ? filterOf(location.searchParams) : {}) },
        }),
      // The address shows the view as it now is.
      (saved) => ({
        said: replace ? `Saved “${saved!.name}” with the filters shown.` : `Renamed the view “${saved!.name}”.`,
        search: viewSearch(saved!).toString(),
      }),
    );
  };
  return (
    <ViewNameDialog {...props} write={write} title="Edit the view" action="Save the changes" submit={submit}>
      <label for="view-rename">Name</label>
      <input id="view-rename" name="name" required maxLength={80} defaultValue={view.name} autoComplete="off" />
      <div class="field-checkbox">
        <input id="view-replace" type="checkbox" name="replace" value="yes" defaultChecked={changed} aria-describedby="view-replace-help" />
        <label for="view-replace">Replace its filters and sort with the ones shown now</label>
        <p id="view-replace-help" class="help">{changed ? 'The list shows other filters than the view holds.' : 'The list shows what the view holds.'}</p>
      </div>
      {view.visibility === 'shared' ? <p class="help">Everyone in the workspace sees this view, and the change.</p> : null}
    </ViewNameDialog>
  );
}

function DeleteDialog(props: DialogProps & { view: View }) {
  const { workspaceId, location, view } = props;
  const write = useViewWrite(props);
  const remove = () =>
    write.run(
      () => inWorkspace(workspaceId).DELETE('/v1/views/{viewId}', { params: { path: { viewId: view.id } } }),
      // The list stays as it is, no longer named after the view.
      () => {
        const next = new URLSearchParams(location.searchParams);
        next.delete('view');
        return { said: `Deleted the view “${view.name}”.`, search: next.toString() };
      },
    );
  return (
    <Dialog open={props.open} title="Delete the view?" onClose={write.dismiss}>
      <p>
        “{view.name}” will be deleted {view.visibility === 'shared' ? 'for everyone in the workspace' : 'for you'}. The issues stay as they are.
        {view.builtIn ? ' It came with the workspace and is not made again.' : ''}
      </p>
      {write.problem ? <Notice kind="error">{write.problem}</Notice> : null}
      <div class="button-row">
        <button type="button" class="danger" disabled={write.busy} onClick={remove}>{write.busy ? 'Deleting…' : 'Delete the view'}</button>
        <button type="button" onClick={props.close}>Cancel</button>
      </div>
    </Dialog>
  );
}
