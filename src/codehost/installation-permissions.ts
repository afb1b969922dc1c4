/**
 * What svc asks of a GitHub App installation, and why: the settings page names what an
 * installation lacks (an owner can grant it on GitHub), as GitHub would refuse the work otherwise.
 */
export const NEEDED_PERMISSIONS: ReadonlyArray<{ name: string; level: 'read' | 'write'; why: string; accountType?: 'Organization' }> = [
  { name: 'metadata', level: 'read', why: 'to list the repositories' },
  { name: 'issues', level: 'write', why: 'to mirror issues, comments, labels and milestones, and write changes to them' },
  { name: 'pull_requests', level: 'read', why: "to show a project's cards of pull requests" },
  { name: 'organization_projects', level: 'write', why: "to mirror the organisation's projects and move their cards", accountType: 'Organization' },
];

const RANK: Record<string, number> = { read: 1, write: 2, admin: 3 };

/** The needed permissions `granted` falls short of, for an account of `accountType`. */
export function missingPermissions(granted: Record<string, string>, accountType: string) {
  return NEEDED_PERMISSIONS.filter((p) => (!p.accountType || p.accountType === accountType) && (RANK[granted[p.name] ?? ''] ?? 0) < RANK[p.level]!).map(({ name, level, why }) => ({ name, level, why }));
}
/** An installation's `permissions` as GitHub sends them (`{ issues: 'write' }`), or null when the payload has none fit to keep. */
export function permissionsOf(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const kept: Record<string, string> = {};
  for (const [name, level] of Object.entries(value)) {
    if (/^[a-z_]{1,64}$/.test(name) && (level === 'read' || level === 'write' || level === 'admin')) kept[name] = level;
  }
  return kept;
}
