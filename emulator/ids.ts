/**
 * Opaque node ids. GitHub's "next" global ids look like `I_kwDOAB...`: a type prefix,
 * an underscore and a base64url blob. Ours follow that shape; callers must treat them as opaque.
 */
export type NodeKind =
  | 'User' | 'Organization' | 'Bot' | 'Repository' | 'Issue' | 'PullRequest' | 'IssueComment'
  | 'Label' | 'Milestone' | 'IssueType' | 'ProjectV2' | 'ProjectV2Item' | 'ProjectV2Field'
  | 'ProjectV2SingleSelectField' | 'ProjectV2IterationField' | 'DraftIssue' | 'Installation' | 'App';

const PREFIX: Record<NodeKind, string> = {
  User: 'U', Organization: 'O', Bot: 'BOT', Repository: 'R', Issue: 'I', PullRequest: 'PR',
  IssueComment: 'IC', Label: 'LA', Milestone: 'MI', IssueType: 'IT', ProjectV2: 'PVT',
  ProjectV2Item: 'PVTI', ProjectV2Field: 'PVTF', ProjectV2SingleSelectField: 'PVTSSF',
  ProjectV2IterationField: 'PVTIF', DraftIssue: 'DI', Installation: 'MDEy', App: 'A',
};
const BY_PREFIX = new Map(Object.entries(PREFIX).map(([k, v]) => [v, k as NodeKind]));

export function nodeId(kind: NodeKind, id: number): string {
  return `${PREFIX[kind]}_kw${Buffer.from(`${kind}:${id}`).toString('base64url')}`;
}

export function decodeNodeId(nid: string): { kind: NodeKind; id: number } | null {
  const i = nid.indexOf('_kw');
  if (i <= 0) return null;
  const kind = BY_PREFIX.get(nid.slice(0, i));
  if (!kind) return null;
  let raw: string;
  try { raw = Buffer.from(nid.slice(i + 3), 'base64url').toString('utf8'); } catch { return null; }
  const [k, n] = raw.split(':');
  if (k !== kind || !/^\d+$/.test(n ?? '')) return null;
  return { kind, id: Number(n) };
}
