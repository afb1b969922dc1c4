import { applyAccent, Dialog, Link, navigate, Notice, PageTitle, PortalHero, toast } from '@svc/ui-kit';
import type { components } from '@svc/client';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { inWorkspace, must } from '../api';
import { attempt } from '../issue-data';
import { useSession, workspacePath } from '../session';
import { canRunPortals } from './portals';
import { Missing, missingTitle } from './missing';

type Portal = components['schemas']['Portal'];

/** The form's values, as typed (branding fields empty when unset). */
interface Draft {
  name: string;
  slug: string;
  referencePrefix: string;
  access: Portal['access'];
  defaultVisibility: Portal['defaultVisibility'];
  logoUrl: string;
  accentColor: string;
  welcomeText: string;
}

const draftOf = (p: Portal | null): Draft => ({
  name: p?.name ?? '',
  slug: p?.slug ?? '',
  referencePrefix: p?.referencePrefix ?? '',
  access: p?.access ?? 'open',
  defaultVisibility: p?.defaultVisibility ?? 'private',
  logoUrl: p?.branding.logoUrl ?? '',
  accentColor: p?.branding.accentColor ?? '',
  welcomeText: p?.branding.welcomeText ?? '',
});

/** What a draft changes of the portal (all of it for a new one), as the API takes it. */
function changeOf(draft: Draft, portal: Portal | null) {
  const was = draftOf(portal);
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'slug', 'referencePrefix', 'access', 'defaultVisibility'] as const) {
    if (!portal || draft[key] !== was[key]) if (draft[key] !== '' || portal) out[key] = draft[key];
  }
  const branding: Record<string, string | null> = {};
  for (const key of ['logoUrl', 'accentColor', 'welcomeText'] as const) {
    if (!portal ? draft[key] !== '' : draft[key] !== was[key]) branding[key] = draft[key].trim() === '' ? null : draft[key];
  }
  if (Object.keys(branding).length) out.branding = branding;
  return out;
}

/** The slug as a host takes it: lowercase letters, digits and inner hyphens. */
const slugFrom = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63);

/**
 * `/w/<slug>/portals/new` and `/w/<slug>/portals/<id>`: a portal's name, address, reference prefix,
 * who may sign up, the widest visibility customers may choose, and its branding, beside a live
 * preview of its home as a customer sees it; deleting asks for the portal's name.
 */
export function PortalSettingsPage({ portalId }: { portalId: string | null }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const admin = canRunPortals(workspace!.role);
  const portal = useQuery({
    queryKey: ['portal', workspace!.id, portalId],
    enabled: portalId !== null,
    queryFn: () => must(api.GET('/v1/portals/{portalId}', { params: { path: { portalId: portalId! } } })),
  });
  const stored = portal.data ?? null;
  const [draft, setDraft] = useState<Draft | null>(portalId === null ? draftOf(null) : null);
  if (draft === null && stored) setDraft(draftOf(stored));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (portalId !== null && portal.isPending) return <p class="loading">Loading the portal…</p>;
  if (portal.isError) return <Missing title={missingTitle(portal.error, 'Portal')} problem={portal.error.message} back={{ href: workspacePath(workspace!, '/portals'), label: 'Back to the portals' }} />;
  if (!draft) return null;
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const errorFor = (field: string) => (problem?.field === field || problem?.field?.startsWith(`${field}.`) || problem?.field === `branding.${field}` ? problem.text : null);

  const save = async (event: Event) => {
    event.preventDefault();
    const change = changeOf(draft, stored);
    if (stored && Object.keys(change).length === 0) return toast('ok', 'Nothing to save: the portal is as shown.');
    setBusy(true);
    setProblem(null);
    const outcome = stored
      ? await attempt(() => api.PATCH('/v1/portals/{portalId}', { params: { path: { portalId: stored.id } }, body: change }))
      : await attempt(() => api.POST('/v1/portals', { params: { header: { 'idempotency-key': crypto.randomUUID() } }, body: change as never }));
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    queryClient.setQueryData(['portal', workspace!.id, outcome.data.id], outcome.data);
    void queryClient.invalidateQueries({ queryKey: ['portals', workspace!.id] });
    setDraft(draftOf(outcome.data));
    toast('ok', stored ? 'Portal saved.' : `Made the portal ${outcome.data.name}.`);
    if (!stored) navigate(workspacePath(workspace!, `/portals/${outcome.data.id}`), { replace: true });
  };

  const field = (id: keyof Draft, label: string, input: preact.JSX.Element, help?: string) => {
    const error = errorFor(id === 'logoUrl' || id === 'accentColor' || id === 'welcomeText' ? `branding.${id}` : id);
    return (
      <div class="form-field">
        <label for={`portal-${id}`}>{label}</label>
        {help ? <p class="help" id={`portal-${id}-help`}>{help}</p> : null}
        {input}
        {error ? <p class="problem" id={`portal-${id}-problem`} role="alert">{error}</p> : null}
      </div>
    );
  };
  const describedBy = (id: keyof Draft, help: boolean) => [help ? `portal-${id}-help` : '', errorFor(id) || errorFor(`branding.${id}`) ? `portal-${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = (id: keyof Draft) => (errorFor(id) || errorFor(`branding.${id}`) ? true : undefined);
  const host = stored ? stored.host.replace(/^[^.]+/, draft.slug || stored.slug) : `${draft.slug || 'slug'}.…`;

  return (
    <article class="portal-settings">
      <p class="crumbs">
        <Link href={workspacePath(workspace!, '/portals')}>Portals</Link>
        {stored ? <> · {stored.name} · <Link href={workspacePath(workspace!, `/portals/${stored.id}/request-types`)}>Request types</Link> · <Link href={workspacePath(workspace!, `/portals/${stored.id}/customers`)}>Customers and companies</Link></> : null}
      </p>
      <PageTitle>{stored ? `${stored.name}: settings` : 'New portal'}</PageTitle>
      {admin ? null : <Notice kind="info">Only admins and owners change portals. You can read its settings.</Notice>}
      {problem && !problem.field ? <Notice kind="error">{problem.text}</Notice> : null}
      <div class="settings-columns">
        <form onSubmit={save} aria-label="Portal settings" class="card">
          <fieldset disabled={!admin || busy} class="bare">
            {field('name', 'Name', <input id="portal-name" required maxLength={80} value={draft.name} aria-invalid={invalid('name')} aria-describedby={describedBy('name', false)} onInput={(e) => {
              const name = (e.target as HTMLInputElement).value;
              // A new portal's address follows its name until it is typed in.
              set(stored || draft.slug !== slugFrom(draft.name) ? { name } : { name, slug: slugFrom(name) });
            }} />)}
            {field('slug', 'Address', <input id="portal-slug" required minLength={2} maxLength={63} pattern="[a-z0-9]([a-z0-9-]*[a-z0-9])?" value={draft.slug} aria-invalid={invalid('slug')} aria-describedby={describedBy('slug', true)} onInput={(e) => set({ slug: (e.target as HTMLInputElement).value.toLowerCase() })} />, `Customers reach it at ${host}${stored ? '. Changing it moves the portal at once; old links stop working.' : '.'}`)}
            {field('referencePrefix', 'Reference prefix', <input id="portal-referencePrefix" maxLength={10} pattern="[A-Z][A-Z0-9]{0,9}" value={draft.referencePrefix} placeholder={stored ? undefined : 'From the address'} aria-invalid={invalid('referencePrefix')} aria-describedby={describedBy('referencePrefix', true)} onInput={(e) => set({ referencePrefix: (e.target as HTMLInputElement).value.toUpperCase() })} />, `Requests are numbered ${draft.referencePrefix || 'PREFIX'}-1, ${draft.referencePrefix || 'PREFIX'}-2…`)}
            <fieldset>
              <legend>Who may sign up</legend>
              <label class="choice"><input type="radio" name="access" checked={draft.access === 'open'} onChange={() => set({ access: 'open' })} /> Anybody (with a challenge against robots); a newcomer's first request waits in the hold queue</label>
              <label class="choice"><input type="radio" name="access" checked={draft.access === 'invite_only'} onChange={() => set({ access: 'invite_only' })} /> Only customers the team invites</label>
            </fieldset>
            <fieldset>
              <legend>What customers may choose for their requests</legend>
              <label class="choice"><input type="radio" name="defaultVisibility" checked={draft.defaultVisibility === 'private'} onChange={() => set({ defaultVisibility: 'private' })} /> Private only: the requester and the team</label>
              <label class="choice"><input type="radio" name="defaultVisibility" checked={draft.defaultVisibility === 'public'} onChange={() => set({ defaultVisibility: 'public' })} /> Private or public: every customer of the portal</label>
            </fieldset>
            <h2>Branding</h2>
            {field('logoUrl', 'Logo address', <input id="portal-logoUrl" type="url" maxLength={2048} placeholder="https://" value={draft.logoUrl} aria-invalid={invalid('logoUrl')} aria-describedby={describedBy('logoUrl', true)} onInput={(e) => set({ logoUrl: (e.target as HTMLInputElement).value })} />, 'An https address of an image; empty for none.')}
            {field('accentColor', 'Accent colour', (
              <div class="colour-row">
                <input type="color" aria-label="Pick the accent colour" value={draft.accentColor || '#0b5cad'} onInput={(e) => set({ accentColor: (e.target as HTMLInputElement).value })} />
                <input id="portal-accentColor" maxLength={7} placeholder="#0b5cad" value={draft.accentColor} aria-invalid={invalid('accentColor')} aria-describedby={describedBy('accentColor', true)} onInput={(e) => set({ accentColor: (e.target as HTMLInputElement).value })} />
              </div>
            ), 'As #rrggbb; text on it is made readable by itself. Empty for the default.')}
            {field('welcomeText', 'Welcome text', <textarea id="portal-welcomeText" rows={4} maxLength={2000} value={draft.welcomeText} aria-invalid={invalid('welcomeText')} aria-describedby={describedBy('welcomeText', true)} onInput={(e) => set({ welcomeText: (e.target as HTMLTextAreaElement).value })} />, 'Shown on the portal before signing in; empty for the default words.')}
            {admin ? (
              <div class="button-row">
                <button type="submit" class="primary">{busy ? 'Saving…' : stored ? 'Save the portal' : 'Make the portal'}</button>
                {stored ? <button type="button" onClick={() => (setDraft(draftOf(stored)), setProblem(null))}>Undo the changes</button> : null}
              </div>
            ) : null}
          </fieldset>
        </form>
        <PortalPreview draft={draft} />
      </div>
      {stored && admin ? (
        <section class="card danger-zone" aria-labelledby="delete-portal-title">
          <h2 id="delete-portal-title">Delete the portal</h2>
          <p>Its website goes, with its customers' accounts and requests. The issues on GitHub stay.</p>
          <button type="button" class="danger" onClick={() => setDeleting(true)}>Delete {stored.name}…</button>
          <DeletePortal portal={stored} open={deleting} close={() => setDeleting(false)} />
        </section>
      ) : null}
    </article>
  );
}

/** The portal's home before signing in, as its customers will see it with the settings typed. */
function PortalPreview({ draft }: { draft: Draft }) {
  const box = useRef<HTMLDivElement>(null);
  const accent = /^#[0-9a-f]{6}$/i.test(draft.accentColor) ? draft.accentColor : null;
  useLayoutEffect(() => {
    if (box.current) applyAccent(box.current.style, accent);
  }, [accent]);
  const logo = /^https:\/\/\S+$/.test(draft.logoUrl) ? draft.logoUrl : null;
  const name = draft.name || 'Your portal';
  return (
    <section class="portal-preview-wrap" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <div ref={box} class="portal-preview" aria-label="The portal's home as customers see it" role="img">
        <div class="site-header">
          <div class="header-row">
            <span class="brand">{logo ? <img src={logo} alt="" class="logo" /> : null}<span>{name}</span></span>
          </div>
        </div>
        <div class="preview-body">
          <PortalHero
            name={name}
            welcomeText={draft.welcomeText.trim() ? draft.welcomeText : null}
            signUpOpen={draft.access === 'open'}
            title={<p class="preview-title">{name}</p>}
            actions={
              <>
                <span class="button primary">Sign in</span>
                {draft.access === 'open' ? <span class="button">Make an account</span> : null}
              </>
            }
          />
        </div>
      </div>
    </section>
  );
}

function DeletePortal({ portal, open, close }: { portal: Portal; open: boolean; close: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async (event: Event) => {
    event.preventDefault();
    if (typed.trim() !== portal.name) return setProblem(`Type the portal's name, ${portal.name}, to delete it.`);
    setBusy(true);
    setProblem(null);
    const outcome = await attempt(() => api.DELETE('/v1/portals/{portalId}', { params: { path: { portalId: portal.id } } }));
    setBusy(false);
    if (!outcome.ok) return setProblem(`The portal was not deleted. ${outcome.problem}`);
    close();
    toast('ok', `Deleted the portal ${portal.name}.`);
    void queryClient.invalidateQueries({ queryKey: ['portals', workspace!.id] });
    navigate(workspacePath(workspace!, '/portals'), { replace: true });
  };
  return (
    <Dialog open={open} title={`Delete ${portal.name}?`} onClose={close}>
      <form onSubmit={remove}>
        <p>{portal.host} stops answering; its customers' accounts and requests go. The issues on GitHub stay. This cannot be undone.</p>
        <label for="delete-portal-name">Type the portal's name, {portal.name}, to confirm</label>
        <input id="delete-portal-name" autoComplete="off" value={typed} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
        {problem ? <Notice kind="error">{problem}</Notice> : null}
        <div class="button-row">
          <button type="submit" class="danger" disabled={busy || typed.trim() !== portal.name}>{busy ? 'Deleting…' : 'Delete the portal'}</button>
          <button type="button" onClick={close}>Keep it</button>
        </div>
      </form>
    </Dialog>
  );
}
