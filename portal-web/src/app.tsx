import { useEffect, useState } from 'preact/hooks';
import { Link, navigate, Notice, PageTitle, useLocation } from '@svc/ui-kit';
import { api, signOut, type Front, type Me } from './api';
import { AccountPage } from './pages/account';
import { HomePage } from './pages/home';
import { ConfirmAddressPage } from './pages/confirm-address';
import { LinkLanding } from './pages/link';
import { RatePage } from './pages/rating';
import { RequestPage } from './pages/request';
import { SignInPage, SignUpPage } from './pages/sign-in';
import { SubmitPage } from './pages/submit';
import { WelcomePage } from './pages/welcome';
import { applyAccent } from './ui';

export interface Session {
  front: Front;
  me: Me;
  /** Read who is signed in again (after signing in, or a change to the account). */
  refresh(): Promise<void>;
}

/** Pages anybody may open; every other page needs a signed-in customer. The home page is both. */
const PUBLIC = new Set(['/', '/sign-in', '/sign-up', '/sign-in/link', '/rate', '/verify-email']);

export function App() {
  const location = useLocation();
  const [front, setFront] = useState<Front | null>(null);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  // The probe answers 200 signed in or not: a signed-out visit logs no 401 in the console.
  const refresh = async () => {
    const { data } = await api.GET('/portal/session').catch(() => ({ data: undefined }));
    if (data) setMe(data.customer);
    else setFailure('The portal is not answering right now. Reload the page in a moment.');
  };

  useEffect(() => {
    void (async () => {
      const { data } = await api.GET('/portal').catch(() => ({ data: undefined }));
      if (!data) {
        setFailure('The portal is not answering right now. Reload the page in a moment.');
        return;
      }
      setFront(data);
      applyAccent(data.branding.accentColor);
      await refresh();
    })();
  }, []);

  const path = location.pathname.replace(/\/+$/, '') || '/';
  const needsSignIn = !PUBLIC.has(path);
  useEffect(() => {
    if (me === null && needsSignIn) navigate(`/sign-in?next=${encodeURIComponent(path + location.search)}`, { replace: true });
  }, [me, needsSignIn, path]);
  useEffect(() => {
    if (front) document.title = `${titleOf(path, Boolean(me))} · ${front.name}`;
  }, [front, path, me]);

  if (failure) return <main id="main" class="container"><Notice kind="error">{failure}</Notice></main>;
  if (!front || me === undefined) return <main id="main" class="container"><p class="loading">Loading…</p></main>;

  const session: Session | null = me ? { front, me, refresh } : null;
  const out = async () => {
    await signOut();
    setMe(null);
    navigate('/sign-in?signed_out=1');
  };

  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="site-header">
        <div class="container header-row">
          <Link href="/" class="brand">
            {front.branding.logoUrl ? <img src={front.branding.logoUrl} alt="" class="logo" /> : null}
            <span>{front.name}</span>
          </Link>
          <nav aria-label="Main">
            {session ? (
              <ul>
                <li><Link href="/" aria-current={path === '/' ? 'page' : undefined}>Requests</Link></li>
                <li><Link href="/new" aria-current={path === '/new' ? 'page' : undefined}>New request</Link></li>
                <li><Link href="/settings" aria-current={path === '/settings' ? 'page' : undefined}>Account</Link></li>
                <li><button type="button" class="link-button" onClick={out}>Sign out</button></li>
              </ul>
            ) : (
              <ul>
                <li><Link href="/sign-in">Sign in</Link></li>
                {front.signUpOpen ? <li><Link href="/sign-up">Sign up</Link></li> : null}
              </ul>
            )}
          </nav>
        </div>
      </header>
      <main id="main" class="container" key={path}>
        {route(path, location, front, session, refresh)}
      </main>
      <footer class="site-footer container">
        <p>{front.name} · requests go to the team behind this portal</p>
      </footer>
    </>
  );
}

function titleOf(path: string, signedIn: boolean): string {
  if (path === '/sign-in' || path === '/sign-in/link') return 'Sign in';
  if (path === '/sign-up') return 'Sign up';
  if (path === '/rate') return 'Rate a request';
  if (path === '/verify-email') return 'Confirm your address';
  if (path === '/new') return 'New request';
  if (path === '/settings') return 'Your account';
  if (path.startsWith('/requests/')) return decodeURIComponent(path.slice('/requests/'.length));
  return signedIn ? 'Requests' : 'Welcome';
}

function route(path: string, location: URL, front: Front, session: Session | null, refresh: () => Promise<void>) {
  if (path === '/sign-in') return <SignInPage front={front} location={location} />;
  if (path === '/sign-up') return <SignUpPage front={front} signedUp={refresh} />;
  if (path === '/verify-email') return <ConfirmAddressPage signedIn={Boolean(session)} refresh={refresh} />;
  if (path === '/sign-in/link') return <LinkLanding signedIn={refresh} />;
  if (path === '/rate') return <RatePage />;
  if (!session && path === '/') return <WelcomePage front={front} />;
  if (!session) return <p class="loading">Loading…</p>;
  if (path === '/') return <HomePage session={session} location={location} />;
  if (path === '/new') return <SubmitPage session={session} location={location} />;
  if (path === '/settings') return <AccountPage session={session} />;
  const request = /^\/requests\/([^/]+)$/.exec(path);
  if (request) return <RequestPage session={session} reference={decodeURIComponent(request[1])} location={location} />;
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <p>There is no page at this address. <Link href="/">See your requests</Link>.</p>
    </>
  );
}
