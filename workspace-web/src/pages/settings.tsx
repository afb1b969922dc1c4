import { Link, PageTitle } from '@svc/ui-kit';
import type { ComponentChildren, JSX } from 'preact';
import type { Workspace } from '../api';
import { roleAtLeast, useSession, workspacePath } from '../session';
import { PeoplePage } from './people';
import { WorkspaceSettingsPage } from './workspace-settings';
import { BillingPage } from './billing';
import { AuditLogPage } from './audit-log';
import { ChatWebhookPage } from './chat-webhook';
import { ApiKeysPage } from './api-keys';
import { McpClientsPage } from './mcp-clients';

type Role = Workspace['role'];

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
  { path: '/workspace', title: 'Workspace', about: "its name and the slug in its pages' addresses", role: 'viewer', render: (location) => <WorkspaceSettingsPage location={location} /> },
  { path: '/people', title: 'People', about: 'the members and their roles, and invitations', role: 'viewer', render: () => <PeoplePage /> },
  { path: '/keys', title: 'API keys', about: 'keys for scripts and AI clients: what each may do, issuing and revoking them', role: 'admin', render: () => <ApiKeysPage /> },
  { path: '/mcp', title: 'AI clients', about: "connecting an AI assistant to the workspace's MCP server, with a key and a test", role: 'admin', render: () => <McpClientsPage /> },
  { path: '/chat', title: 'Chat webhook', about: 'tell a team channel about portal requests', role: 'admin', render: () => <ChatWebhookPage /> },
  { path: '/audit', title: 'Audit log', about: 'every change made in the workspace, and by whom; download it as CSV', role: 'admin', render: (location) => <AuditLogPage location={location} /> },
  { path: '/billing', title: 'Billing', about: 'the plan, seats, the trial, and paying', role: 'admin', render: () => <BillingPage /> },
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
      {roleAtLeast(workspace.role, page.role) ? (
        page.render(location)
      ) : (
        <>
          <PageTitle>{page.title}</PageTitle>
          <p class="empty">{page.title} is for the workspace's {page.role === 'owner' ? 'owners' : `${page.role}s and above`}; you are a {workspace.role}.</p>
        </>
      )}
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
          <li key={p.path} data-page={p.path} data-role={p.role}>
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
