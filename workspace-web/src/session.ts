import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me, Workspace } from './api';

export interface Session {
  me: Me;
  workspaces: Workspace[];
  /** The workspace being looked at; null while the person belongs to none. */
  workspace: Workspace | null;
  /** Looks at another workspace (remembered in this browser for the next visit). */
  choose(workspaceId: string): void;
  /** Reads the person and the workspaces again (after a change to either). */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in person's session; only pages behind sign-in use it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

const CHOSEN = 'svc.workspace';

export function rememberedWorkspace(): string | null {
  try {
    return localStorage.getItem(CHOSEN);
  } catch {
    return null;
  }
}

export function rememberWorkspace(id: string): void {
  try {
    localStorage.setItem(CHOSEN, id);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The path a workspace's pages live under: its slug, so a link names the workspace it is about. */
export const workspacePath = (workspace: Pick<Workspace, 'slug'>, rest = '') => `/w/${encodeURIComponent(workspace.slug)}${rest}`;

const RANK: Record<Workspace['role'], number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
/** Whether `role` is `least` or above, as the API ranks roles. */
export const roleAtLeast = (role: Workspace['role'], least: Workspace['role']) => RANK[role] >= RANK[least];
