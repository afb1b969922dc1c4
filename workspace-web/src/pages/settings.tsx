import { Link, PageTitle } from '@svc/ui-kit';
import type { ComponentChildren, JSX } from 'preact';
import type { Workspace } from '../api';
import { useSession, workspacePath } from '../session';
import { ApiKeysPage } from './api-keys';
import { McpClientsPage } from './mcp-clients';

type Role = Workspace['role'];
const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
/** Whether `role` is `least` or above. */
export const roleAtLeast = (role: Role, least: Role) => RANK[role] >= RANK[least];

/**
 * A page of the workspace's settings, at `/w/<slug>/settings<path>`. `role` is the least role the
 * API lets read what the page shows: below it the page is listed with the reason, not linked.
 */
interface SettingsPage {
  path: string;
  title: string;
  /** What it is for, in the settings index. */
  about: string;
  role: Role;
  render(location: URL): JSX.Element;
}

/** The settings pages, in the order the index and the side navigation list them. */
const PAGES: SettingsPage[] = [
  { path: '/keys', title: 'API keys', about: 'keys for scripts and AI clients: what each may do, issuing and revoking them', role: 'admin', render: () => <ApiKeysPage /> },
  { path: '/mcp', title: 'AI clients', about: "connecting an AI assistant to the workspace's MCP server, with a key and a test", role: 'admin', render: () => <McpClientsPage /> },
];

/** The settings page at `rest` (the path after `/w/<slug>`), or null when there is none. */
export function settingsPageAt(rest: string): SettingsPage | 'index' | null {
  if (rest === '/settings') return 'index';
  return PAGES.find((p) => p.path === rest.slice('/settings'.length)) ?? null;
}

/** `/w/<slug>/settings…`: the index, or one page framed by the settings navigation. */
export function SettingsRoute({ rest, location }: { rest: string; location: URL }) {
  const { workspace } = useSession();
  const page = settingsPageAt(rest);
  if (!page || !workspace) return null;
  if (page === 'index') return <SettingsIndex />;
  return (
    <SettingsFrame current={page.path}>
      {roleAtLeast(workspace.role, page.role) ? page.render(location) : <p class="empty">{page.title} is for the workspace's {page.role === 'owner' ? 'owners' : `${page.role}s and above`}; you are a {workspace.role}.</p>}
    </SettingsFrame>
  );
}

function SettingsIndex() {
  const { workspace } = useSession();
  return (
    <div class="narrow">
      <PageTitle>Settings of {workspace!.name}</PageTitle>
      <ul class="settings-index">
        {PAGES.map((p) => (
          <li key={p.path}>
            {roleAtLeast(workspace!.role, p.role) ? <Link href={workspacePath(workspace!, `/settings${p.path}`)}>{p.title}</Link> : <span>{p.title}</span>}
            <span class="meta"> — {p.about}{roleAtLeast(workspace!.role, p.role) ? '' : ` (for ${p.role === 'owner' ? 'owners' : `${p.role}s and above`})`}</span>
          </li>
        ))}
        <li>
          <Link href="/settings/codehost">GitHub</Link>
          <span class="meta"> — the connection, the repositories mirrored and their sync</span>
        </li>
        <li>
          <Link href="/settings/account">Your account</Link>
          <span class="meta"> — your name, e-mail and sessions</span>
        </li>
      </ul>
    </div>
  );
}

function SettingsFrame({ current, children }: { current: string; children: ComponentChildren }) {
  const { workspace } = useSession();
  return (
    <div class="settings">
      <nav aria-label="Settings" class="settings-nav">
        <ul>
          {PAGES.filter((p) => roleAtLeast(workspace!.role, p.role)).map((p) => (
            <li key={p.path}>
              <Link href={workspacePath(workspace!, `/settings${p.path}`)} aria-current={p.path === current ? 'page' : undefined}>{p.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div class="settings-page">{children}</div>
    </div>
  );
}

/** The document title of a settings address. */
export function settingsTitle(rest: string): string | null {
  const page = settingsPageAt(rest);
  if (page === 'index') return 'Settings';
  return page ? page.title : null;
}
