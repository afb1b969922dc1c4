import { Link, moment, Notice, PageTitle, toast } from '@svc/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/preact-query';
import { useEffect, useState } from 'preact/hooks';
import { account, inWorkspace, must, problemOf, type SyncJob, type Workspace } from '../api';
import { roleAtLeast, useSession, workspacePath } from '../session';
import { codehostErrorWords } from '../words';
import { FirstWorkspace } from './start';

/**
 * `/settings/codehost`: GitHub for the workspace being looked at, step by step: link the person's
 * GitHub account, connect an installation (or install the app), choose repositories to mirror,
 * watch each backfill. GitHub sends people back here with `?error=<code>`, `?linked` or `?connected=`.
 */
export function CodehostPage({ location }: { location: URL }) {
  const session = useSession();
  const { me, workspace } = session;
  const error = location.searchParams.get('error');
  const connected = location.searchParams.get('connected');
  const [problem, setProblem] = useState<string | null>(null);

  const linkGitHub = async () => {
    const { data, error: failed, response } = await account.GET('/v1/codehost/authorize-url', { params: { query: { returnTo: '/settings/codehost?linked=1' } } });
    if (data) window.location.assign(data.url);
    else setProblem(problemOf(failed, response));
  };

  const outcome = error ? (
    <Notice kind="error">
      {codehostErrorWords(error)}
      {error === 'account_already_linked' ? (
        <div><button type="button" onClick={linkGitHub}>Link another GitHub account</button></div>
      ) : null}
    </Notice>
  ) : connected ? (
    <Notice kind="ok">GitHub is connected (installation {connected}).</Notice>
  ) : me.codehost && location.searchParams.has('linked') ? (
    <Notice kind="ok">Your GitHub account is linked.</Notice>
  ) : null;

  return (
    <>
      <PageTitle>GitHub</PageTitle>
      {outcome}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <section class="card" aria-labelledby="step-account">
        <h2 id="step-account">Your GitHub account</h2>
        {me.codehost ? (
          <>
            <p>Linked: <strong>{me.codehost.login}</strong>. What you write here goes to GitHub {me.codehost.writesAsSelf ? 'as you' : 'as the app, naming you'}.</p>
            <p class="help">If GitHub stopped accepting it (you revoked the app's access, or it expired), link it again.</p>
            <button type="button" onClick={linkGitHub}>Link again</button>
          </>
        ) : (
          <>
            <p>Link your GitHub account: it shows which installations of the app you may connect, and what you write here is written as you.</p>
            <button type="button" class="primary" onClick={linkGitHub}>Link your GitHub account</button>
          </>
        )}
      </section>
      {workspace ? <WorkspaceConnection workspace={workspace} linked={Boolean(me.codehost)} /> : <FirstWorkspace />}
    </>
  );
}

function WorkspaceConnection({ workspace, linked }: { workspace: Workspace; linked: boolean }) {
  const session = useSession();
  const admin = roleAtLeast(workspace.role, 'admin');
  if (!workspace.codehost.connected) {
    if (admin) return <Installations workspace={workspace} linked={linked} connected={() => session.refresh()} />;
    return (
      <section class="card" aria-labelledby="step-connect">
        <h2 id="step-connect">{workspace.name}</h2>
        <p>Not connected to GitHub yet. Only admins and owners connect GitHub and choose repositories.</p>
      </section>
    );
  }
  return (
    <>
      <Connection workspace={workspace} admin={admin} />
      <Repositories workspace={workspace} admin={admin} />
    </>
  );
}

/** The installation the workspace is connected to: what it covers, since when, whether GitHub reaches us, and "sync now". */
function Connection({ workspace, admin }: { workspace: Workspace; admin: boolean }) {
  const api = inWorkspace(workspace.id);
  const queryClient = useQueryClient();
  const connection = useQuery({ queryKey: ['codehost-connection', workspace.id], queryFn: () => must(api.GET('/v1/codehost/installation')) });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const syncNow = async () => {
    setBusy(true);
    setProblem(null);
    const { data, error, response } = await api.POST('/v1/codehost/sync');
    setBusy(false);
    if (!data) return setProblem(problemOf(error, response));
    toast('ok', `Reading GitHub again: ${data.queued.length === 1 ? '1 job' : `${data.queued.length} jobs`} under way.`);
    await queryClient.invalidateQueries({ queryKey: ['sync-status', workspace.id] });
  };
  const c = connection.data;
  return (
    <section class="card" aria-labelledby="connection">
      <h2 id="connection">Connection</h2>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {connection.isError ? <Notice kind="error">{connection.error.message}</Notice> : null}
      {c?.suspended ? (
        <Notice kind="error">
          The app is suspended on {c.accountLogin}: GitHub sends no webhooks and refuses writes until it is unsuspended. An owner of {c.accountLogin} unsuspends it in GitHub's settings
          (Settings → GitHub Apps → Configure).
        </Notice>
      ) : null}
      {c && c.missingPermissions.length ? (
        <Notice kind="error">
          The installation lacks what svc needs; an owner of {c.accountLogin} grants it in the app's installation settings on GitHub:
          <ul>
            {c.missingPermissions.map((p) => (
              <li key={p.name}>
                {p.name.replace(/_/g, ' ')} ({p.level}): {p.why}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {c ? (
        <dl class="facts">
          <dt>Installed on</dt>
          <dd>
            {c.accountLogin} ({c.accountType === 'Organization' ? 'an organisation' : 'a personal account'}), installation {c.installationId}
          </dd>
          <dt>Covers</dt>
          <dd>
            {c.repositorySelection === 'all' ? 'all its repositories' : 'the repositories chosen on GitHub'}: {c.repositories === 1 ? '1 repository' : `${c.repositories} repositories`}
          </dd>
          <dt>Connected</dt>
          <dd>{c.connectedAt ? moment(c.connectedAt) : '—'}</dd>
          <dt>Permissions</dt>
          <dd class="permissions">
            {Object.keys(c.permissions).length
              ? Object.entries(c.permissions)
                  .sort(([a], [b]) => a.localeCompare(b))
                  .map(([name, level]) => `${name.replace(/_/g, ' ')}: ${level}`)
                  .join(', ')
              : 'not known yet (GitHub says them with its next installation event)'}
          </dd>
          <dt>Last webhook</dt>
          <dd class="last-webhook">{c.lastWebhookAt ? moment(c.lastWebhookAt) : 'none received yet: changes made on GitHub reach the service at the hourly reconcile, or with Sync now'}</dd>
        </dl>
      ) : (
        <p class="loading">Reading the connection…</p>
      )}
      {admin ? (
        <div class="button-row">
          <button type="button" onClick={syncNow} disabled={busy}>Sync now</button>
          <span class="help">Reads every mirrored repository and the projects again, as the hourly reconcile does.</span>
        </div>
      ) : null}
    </section>
  );
}

function Installations({ workspace, linked, connected }: { workspace: Workspace; linked: boolean; connected: () => Promise<void> }) {
  const api = inWorkspace(workspace.id);
  const [problem, setProblem] = useState<string | null>(null);
  const available = useQuery({
    queryKey: ['installations', workspace.id],
    queryFn: () => must(api.GET('/v1/codehost/installations/available')),
    enabled: linked,
  });
  const connect = async (installationId: number) => {
    const { error, response } = await api.POST('/v1/codehost/installation', { body: { installationId } });
    if (!response.ok) return setProblem(problemOf(error, response));
    await connected();
  };
  const install = async () => {
    const { data, error, response } = await api.GET('/v1/codehost/install-url');
    if (data) window.location.assign(data.url);
    else setProblem(problemOf(error, response));
  };
  return (
    <section class="card" aria-labelledby="step-connect">
      <h2 id="step-connect">Connect {workspace.name} to an installation</h2>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {!linked ? (
        <p>Link your GitHub account first (above): the installations you may connect are those your GitHub account can see.</p>
      ) : available.isPending ? (
        <p class="loading">Asking GitHub for the app's installations…</p>
      ) : available.isError ? (
        <Notice kind="error">{available.error.message}</Notice>
      ) : (
        <>
          {available.data.data.length === 0 ? <p>The app is installed on no account your GitHub account can see.</p> : null}
          <ul class="plain-list">
            {available.data.data.map((installation) => (
              <li key={installation.installationId} class="row">
                <span>
                  <strong>{installation.accountLogin}</strong> ({installation.repositorySelection === 'all' ? 'all repositories' : 'selected repositories'})
                </span>
                {installation.connection === 'available' ? (
                  <button type="button" class="primary" onClick={() => connect(installation.installationId)} aria-label={`Connect ${installation.accountLogin}`}>
                    Connect
                  </button>
                ) : (
                  <span class="meta">{installation.connection === 'this_workspace' ? 'connected here' : 'held by another workspace'}</span>
                )}
              </li>
            ))}
          </ul>
          <button type="button" onClick={install}>Install the app on another account</button>
        </>
      )}
    </section>
  );
}

const PHASES: Record<string, string> = {
  labels: 'reading labels',
  milestones: 'reading milestones',
  issues: 'reading issues',
  comments: 'reading comments',
  deletions: 'looking for deleted issues',
  done: 'done',
  cancelled: 'cancelled (mirroring was turned off)',
};

/** A sync job in words: what it does, how far it is, and, when it waits or failed, why and what next. */
export function jobWords(job: SyncJob): string {
  const phase = PHASES[job.phase] ?? job.phase;
  if (job.status === 'queued') return 'waiting to start';
  if (job.status === 'running') return phase;
  if (job.status === 'paused')
    return `paused to stay within GitHub's rate limit${job.resumeAfter ? `; it goes on at ${new Date(job.resumeAfter).toLocaleTimeString()}` : ''} (${phase})`;
  if (job.status === 'failed') return `failed${job.error ? `: ${job.error}` : ''}. Turn mirroring off and on to try again.`;
  return 'mirrored';
}

function Repositories({ workspace, admin }: { workspace: Workspace; admin: boolean }) {
  const api = inWorkspace(workspace.id);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const repositories = useQuery({ queryKey: ['repositories', workspace.id], queryFn: () => must(api.GET('/v1/codehost/repositories', { params: { query: { limit: 100 } } })) });
  const walking = (repositories.data?.data ?? []).some((r) => r.syncEnabled && !r.syncedAt);
  const status = useQuery({
    queryKey: ['sync-status', workspace.id],
    queryFn: () => must(api.GET('/v1/codehost/sync-status')),
    // While a backfill runs, the page follows it.
    refetchInterval: walking ? 1000 : false,
  });
  const latest = new Map<string, SyncJob>();
  for (const job of status.data?.jobs ?? []) if (job.repositoryId && !latest.has(job.repositoryId)) latest.set(job.repositoryId, job);
  // Once every repository still being walked has a finished job, its `syncedAt` is read again (once).
  const unsynced = (repositories.data?.data ?? []).filter((r) => r.syncEnabled && !r.syncedAt);
  const allWalked = unsynced.length > 0 && unsynced.every((r) => latest.get(r.id)?.status === 'done');
  useEffect(() => {
    if (allWalked) void queryClient.invalidateQueries({ queryKey: ['repositories', workspace.id] });
  }, [allWalked]);

  const toggle = async (id: string, on: boolean) => {
    const { error, response } = await api.PATCH('/v1/codehost/repositories', { body: on ? { enable: [id] } : { disable: [id] } });
    if (!response.ok) return setProblem(problemOf(error, response));
    setProblem(null);
    await queryClient.invalidateQueries({ queryKey: ['repositories', workspace.id] });
    await queryClient.invalidateQueries({ queryKey: ['sync-status', workspace.id] });
  };

  return (
    <section class="card" aria-labelledby="step-mirror">
      <h2 id="step-mirror">Repositories of {workspace.codehost.accountLogin}</h2>
      <p>{admin ? 'Mirror a repository to work on its issues here.' : 'Only admins and owners choose which repositories are mirrored.'}</p>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {status.data?.backfillPaused ? <Notice kind="info">Backfills are paused: less than a tenth of the hour's GitHub budget is left. Writes go on; the walk resumes when the budget does.</Notice> : null}
      {repositories.isPending ? (
        <p class="loading">Reading the repositories…</p>
      ) : repositories.isError ? (
        <Notice kind="error">{repositories.error.message}</Notice>
      ) : (
        <>
          <ul class="plain-list" aria-label="Repositories">
            {repositories.data.data
              .filter((r) => !r.removed)
              .map((repository) => {
                const job = latest.get(repository.id);
                return (
                  <li key={repository.id} class="row">
                    <span>
                      <strong>{repository.fullName}</strong>
                      {repository.private ? <span class="meta"> · private</span> : null}
                      {repository.syncEnabled ? (
                        <span class="meta sync-state" role="status"> · {repository.syncedAt && (!job || job.status === 'done') ? 'mirrored' : job ? jobWords(job) : 'mirroring starts'}</span>
                      ) : null}
                      {repository.syncEnabled && repository.syncedAt ? <span class="meta last-read"> · last read in full {moment(repository.syncedAt)}</span> : null}
                      {job?.progress ? <WalkProgress name={repository.fullName} progress={job.progress} /> : null}
                    </span>
                    {!admin ? null : repository.syncEnabled ? (
                      <button type="button" onClick={() => toggle(repository.id, false)} aria-label={`Stop mirroring ${repository.fullName}`}>Stop mirroring</button>
                    ) : (
                      <button type="button" class="primary" onClick={() => toggle(repository.id, true)} aria-label={`Mirror ${repository.fullName}`}>Mirror</button>
                    )}
                  </li>
                );
              })}
          </ul>
          {repositories.data.data.some((r) => r.removed) ? (
            <>
              <h3>No longer reachable</h3>
              <p class="help">The installation lost access to these (removed from its selection on GitHub, transferred or deleted). Their issues stay readable here until the nightly cleanup; give the app access again on GitHub to mirror them again.</p>
              <ul class="plain-list" aria-label="Repositories no longer reachable">
                {repositories.data.data
                  .filter((r) => r.removed)
                  .map((repository) => (
                    <li key={repository.id} class="row removed-repository">
                      <span>
                        <strong>{repository.fullName}</strong>
                        {repository.syncedAt ? <span class="meta"> · last read in full {moment(repository.syncedAt)}</span> : null}
                      </span>
                    </li>
                  ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <p>
        <Link href={workspacePath(workspace, '/issues')} class="button">Open the issues</Link>
      </p>
    </section>
  );
}

const count = new Intl.NumberFormat();

/** How far a backfill is: a bar per kind, and the same in words for those who do not see it. */
function WalkProgress({ name, progress }: { name: string; progress: NonNullable<SyncJob['progress']> }) {
  const part = (what: string, { done, total }: { done: number; total: number | null }) => (
    <span class="walk-part">
      <span>{total === null ? `${what}: ${count.format(done)} so far` : `${what}: ${count.format(Math.min(done, total))} of ${count.format(total)}`}</span>
      {total !== null && total > 0 ? <progress max={total} value={Math.min(done, total)} aria-label={`${what} of ${name} read`} /> : null}
    </span>
  );
  return (
    <span class="walk-progress">
      {part('Issues', progress.issues)}
      {part('Comments', progress.comments)}
    </span>
  );
}
