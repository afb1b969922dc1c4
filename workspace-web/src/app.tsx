import { QueryClient, QueryClientProvider } from '@tanstack/preact-query';
import { Link, navigate, Notice, PageTitle, Toasts, useLocation } from '@svc/ui-kit';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { account, whenSessionEnds, type CallFailed, type Me, type Workspace } from './api';
import { Commands } from './commands';
import { useOnline } from './online';
import { AccountPage } from './pages/account';
import { BoardPage } from './pages/board';
import { CodehostPage } from './pages/codehost';
import { InvitationPage } from './pages/invitation';
import { IssuePage } from './pages/issue';
import { IssuesPage } from './pages/issues';
import { RequestPage } from './pages/request';
import { InboxPage } from './pages/inbox';
import { RequestsPage, useHeldCount } from './pages/requests';
import { PortalsPage } from './pages/portals';
import { PortalSettingsPage } from './pages/portal-settings';
import { PortalCustomerPage } from './pages/portal-customer';
import { PortalCustomersPage } from './pages/portal-customers';
import { RequestTypeEditor, RequestTypesPage } from './pages/request-types';
import { useUnreadCount } from './notifications';
import { LinkLanding } from './pages/link';
import { EmailConfirmPage } from './pages/email-change';
import { NewIssueHost } from './new-issue';
import { LiveUpdates } from './live';
import { SignInPage } from './pages/sign-in';
import { BillingBanner } from './billing-banner';
import { settingsPageAt, settingsTitle, SettingsRoute } from './pages/settings';
import { StartPage } from './pages/start';
import { rememberedWorkspace, rememberWorkspace, SessionContext, workspacePath, type Session } from './session';

/** Pages anybody may open; every other page needs a signed-in person. */
const PUBLIC = new Set(['/signin', '/sign-in/link', '/invitations/accept', '/confirm-email']);

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      // A refusal is an answer, not a hiccup: only a failure to reach the service is tried again.
      retry: (failures, error) => failures < 2 && (error as Partial<CallFailed>).status === 0,
    },
  },
});

export function App() {
  const location = useLocation();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [workspaces, setWorkspaces] = useState<Workspace[]>([]);
  const [chosen, setChosen] = useState<string | null>(rememberedWorkspace());
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async () => {
    const person = await account.GET('/v1/me').catch(() => undefined);
    if (!person) return setFailure('svc is not answering right now. Reload the page in a moment.');
    if (person.response.status === 401) {
      queries.clear();
      return setMe(null);
    }
    if (!person.data) return setFailure('svc is not answering right now. Reload the page in a moment.');
    const list = await account.GET('/account/workspaces', { params: { query: { limit: 100 } } }).catch(() => undefined);
    setWorkspaces(list?.data?.data ?? []);
    setMe(person.data);
  };
  useEffect(() => {
    void refresh();
    // The session ended while a page was open: sign-in, then back to this page (see below).
    whenSessionEnds(() => void refresh());
  }, []);
  const online = useOnline();

  const path = location.pathname.replace(/\/+$/, '') || '/';
  const inPath = /^\/w\/([^/]+)/.exec(path);
  const slugInPath = inPath ? decodeURIComponent(inPath[1]) : null;
  const workspace = useMemo(() => {
    if (slugInPath) return workspaces.find((w) => w.slug === slugInPath) ?? null;
    return workspaces.find((w) => w.id === chosen) ?? workspaces[0] ?? null;
  }, [workspaces, chosen, slugInPath]);
  // A workspace opened by its address becomes the one remembered.
  useEffect(() => {
    if (workspace && workspace.id !== chosen) {
      rememberWorkspace(workspace.id);
      setChosen(workspace.id);
    }
  }, [workspace?.id]);

  const needsSignIn = !PUBLIC.has(path);
  useEffect(() => {
    if (me === null && needsSignIn) navigate(`/signin?next=${encodeURIComponent(path + location.search)}`, { replace: true });
  }, [me, needsSignIn, path]);
  useEffect(() => {
    document.title = `${titleOf(path)} · svc`;
  }, [path]);

  if (failure) return <main id="main" class="container"><Notice kind="error">{failure}</Notice></main>;
  if (me === undefined) return <main id="main" class="container"><p class="loading">Loading…</p></main>;

  const session: Session | null = me
    ? {
        me,
        workspaces,
        workspace,
        choose(id) {
          rememberWorkspace(id);
          setChosen(id);
          const next = workspaces.find((w) => w.id === id);
          if (next && path.startsWith('/w/')) navigate(workspacePath(next, '/issues'));
        },
        refresh,
      }
    : null;

  const signOut = async () => {
    await account.POST('/auth/sign-out').catch(() => undefined);
    queries.clear();
    setMe(null);
    navigate('/signin?signed_out=1');
  };

  return (
    <QueryClientProvider client={queries}>
      <SessionContext.Provider value={session}>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site-header">
          <div class="container header-row">
            <Link href="/" class="brand">svc</Link>
            {session ? <Frame session={session} path={path} signOut={signOut} /> : <nav aria-label="Main"><ul><li><Link href="/signin">Sign in</Link></li><li><a href="/docs">API reference</a></li></ul></nav>}
          </div>
        </header>
        {online ? null : (
          <div class="connection-lost" role="status">
            The connection is lost. What you see may be out of date, and nothing can be saved until it returns; the page catches up by itself then.
          </div>
        )}
        {session?.workspace && slugInPath ? <div class="container"><BillingBanner workspace={session.workspace} /></div> : null}
        <main id="main" class="container" key={path}>
          {route(path, location, session, refresh)}
        </main>
        {session?.workspace && slugInPath ? <NewIssueHost key={session.workspace.id} /> : null}
        {session?.workspace ? <LiveUpdates workspaceId={session.workspace.id} ended={refresh} /> : null}
        <Toasts />
        {session?.workspace ? <Commands signOut={signOut} /> : null}
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}

function Frame({ session, path, signOut }: { session: Session; path: string; signOut: () => void }) {
  const { workspace, workspaces } = session;
  return (
    <nav aria-label="Main">
      <ul>
        {workspaces.length > 1 ? (
          <li>
            <label class="sr-only" for="workspace-switch">Workspace</label>
            <select id="workspace-switch" class="compact" value={workspace?.id} onChange={(event) => session.choose((event.target as HTMLSelectElement).value)}>
              {workspaces.map((w) => (
                <option key={w.id} value={w.id}>{w.name}</option>
              ))}
            </select>
          </li>
        ) : workspace ? <li class="workspace-name">{workspace.name}</li> : null}
        {workspace ? <li><Link href={workspacePath(workspace, '/issues')} aria-current={path.startsWith(workspacePath(workspace, '/issues')) ? 'page' : undefined}>Issues</Link></li> : null}
        {workspace ? <li><Link href={workspacePath(workspace, '/board')} aria-current={path === workspacePath(workspace, '/board') ? 'page' : undefined}>Board</Link></li> : null}
        {workspace && workspace.role !== 'viewer' ? <RequestsLink workspace={workspace} path={path} /> : null}
        {workspace && workspace.role !== 'viewer' ? <li><Link href={workspacePath(workspace, '/portals')} aria-current={path.startsWith(workspacePath(workspace, '/portals')) ? 'page' : undefined}>Portals</Link></li> : null}
        {workspace ? <InboxLink workspace={workspace} path={path} /> : null}
        {workspace ? <li><Link href={workspacePath(workspace, '/settings')} aria-current={path.startsWith(workspacePath(workspace, '/settings')) ? 'page' : undefined}>Settings</Link></li> : null}
        <li><Link href="/settings/codehost" aria-current={path === '/settings/codehost' ? 'page' : undefined}>GitHub</Link></li>
        <li><Link href="/settings/account" aria-current={path === '/settings/account' ? 'page' : undefined}>{session.me.name}</Link></li>
        <li><button type="button" class="link-button" onClick={signOut}>Sign out</button></li>
      </ul>
    </nav>
  );
}

/** The requests of every portal, with the hold queue's count (members and above read requests). */
function RequestsLink({ workspace, path }: { workspace: Workspace; path: string }) {
  const held = useHeldCount(workspace.id, true).data ?? 0;
  const href = workspacePath(workspace, '/requests');
  return (
    <li>
      <Link href={href} aria-current={path.startsWith(href) ? 'page' : undefined}>
        Requests{held ? <> <span class="count-badge">{held > 99 ? '99+' : held}<span class="sr-only"> held</span></span></> : null}
      </Link>
    </li>
  );
}

/** The inbox, with the person's unread count (said in words to a screen reader). */
function InboxLink({ workspace, path }: { workspace: Workspace; path: string }) {
  const unread = useUnreadCount(workspace.id).data ?? 0;
  const href = workspacePath(workspace, '/inbox');
  return (
    <li>
      <Link href={href} class="inbox-link" aria-current={path === href ? 'page' : undefined}>
        Inbox{unread ? <> <span class="count-badge">{unread > 99 ? '99+' : unread}<span class="sr-only"> unread</span></span></> : null}
      </Link>
    </li>
  );
}

function titleOf(path: string): string {
  if (path === '/signin' || path === '/sign-in/link') return 'Sign in';
  if (path === '/invitations/accept') return 'Invitation';
  if (path === '/confirm-email') return 'New e-mail address';
  if (path === '/settings/codehost') return 'GitHub';
  if (path === '/settings/account') return 'Your account';
  if (/^\/w\/[^/]+\/issues\/[^/]+$/.test(path)) return 'Issue';
  if (/^\/w\/[^/]+\/issues$/.test(path)) return 'Issues';
  if (/^\/w\/[^/]+\/board$/.test(path)) return 'Board';
  if (/^\/w\/[^/]+\/inbox$/.test(path)) return 'Inbox';
  if (/^\/w\/[^/]+\/requests$/.test(path)) return 'Requests';
  if (/^\/w\/[^/]+\/portals$/.test(path)) return 'Portals';
  if (/^\/w\/[^/]+\/portals\/[^/]+$/.test(path)) return 'Portal settings';
  if (/^\/w\/[^/]+\/portals\/[^/]+\/customers$/.test(path)) return 'Customers';
  if (/^\/w\/[^/]+\/portals\/[^/]+\/customers\/[^/]+$/.test(path)) return 'Customer';
  if (/^\/w\/[^/]+\/portals\/[^/]+\/request-types$/.test(path)) return 'Request types';
  if (/^\/w\/[^/]+\/portals\/[^/]+\/request-types\/[^/]+$/.test(path)) return 'Request type';
  if (/^\/w\/[^/]+\/requests\/[^/]+\/[^/]+$/.test(path)) return 'Request';
  const settings = /^\/w\/[^/]+(\/settings.*)$/.exec(path);
  if (settings) return settingsTitle(settings[1]) ?? 'Page not found';
  return 'Start';
}

function route(path: string, location: URL, session: Session | null, refresh: () => Promise<void>) {
  if (path === '/signin') return <SignInPage location={location} signedIn={refresh} />;
  if (path === '/sign-in/link') return <LinkLanding signedIn={refresh} />;
  if (path === '/invitations/accept') return <InvitationPage session={session} joined={refresh} />;
  if (path === '/confirm-email') return <EmailConfirmPage session={session} confirmed={refresh} />;
  if (!session) return <p class="loading">Loading…</p>;
  if (path === '/') return <StartPage />;
  if (path === '/settings/codehost') return <CodehostPage location={location} />;
  if (path === '/settings/account') return <AccountPage />;
  const inWorkspace = /^\/w\/([^/]+)(\/.*)?$/.exec(path);
  if (inWorkspace) {
    if (!session.workspace) return <NotFound what="You are not a member of a workspace with this address." />;
    const rest = inWorkspace[2] ?? '';
    if (rest === '' || rest === '/issues') return <IssuesPage location={location} />;
    if (rest === '/board') return <BoardPage location={location} />;
    if (rest === '/inbox') return <InboxPage location={location} />;
    if (rest === '/requests') return <RequestsPage location={location} />;
    if (rest === '/portals') return <PortalsPage />;
    if (settingsPageAt(rest)) return <SettingsRoute rest={rest} location={location} />;
    const types = /^\/portals\/([^/]+)\/request-types(?:\/([^/]+))?$/.exec(rest);
    if (types && !types[2]) return <RequestTypesPage portalId={decodeURIComponent(types[1])} />;
    if (types) return <RequestTypeEditor key={types[2]} portalId={decodeURIComponent(types[1])} typeId={types[2] === 'new' ? null : decodeURIComponent(types[2])} />;
    const customers = /^\/portals\/([^/]+)\/customers$/.exec(rest);
    if (customers) return <PortalCustomersPage portalId={decodeURIComponent(customers[1])} location={location} />;
    const customer = /^\/portals\/([^/]+)\/customers\/([^/]+)$/.exec(rest);
    if (customer) return <PortalCustomerPage key={customer[2]} portalId={decodeURIComponent(customer[1])} customerId={decodeURIComponent(customer[2])} />;
    const portal = /^\/portals\/([^/]+)$/.exec(rest);
    if (portal) return <PortalSettingsPage key={portal[1]} portalId={portal[1] === 'new' ? null : decodeURIComponent(portal[1])} />;
    const issue = /^\/issues\/([^/]+)$/.exec(rest);
    if (issue) return <IssuePage issueId={decodeURIComponent(issue[1])} />;
    const request = /^\/requests\/([^/]+)\/([^/]+)$/.exec(rest);
    if (request) return <RequestPage portalId={decodeURIComponent(request[1])} requestId={decodeURIComponent(request[2])} />;
  }
  return <NotFound what="There is no page at this address." />;
}

function NotFound({ what }: { what: string }) {
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <p>{what} <Link href="/">Go to the start</Link>.</p>
    </>
  );
}
