import type { components } from '@svc/client';
import { day, Notice, toast } from '@svc/ui-kit';
import { useQueryClient } from '@tanstack/preact-query';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { inWorkspace } from './api';
import { CopyButton } from './copy-button';
import { attempt } from './issue-data';

export type ApiKey = components['schemas']['ApiKey'];
export type IssuedApiKey = components['schemas']['IssuedApiKey'];
type Scope = ApiKey['scopes'][number];

/**
 * The areas a key can be narrowed to, each with what its read and its write scope let a key do, in
 * words. A write scope does not include its read scope (src/auth/roles.ts, `scopesAllow`), so an
 * area is chosen as "no access", "read" or "read and write" and never as write alone. `keys:*` is
 * never grantable and `self:read` is implied: both are said beside the choices, not offered.
 */
export const SCOPE_AREAS: Array<{ area: string; title: string; read: string; write: string }> = [
  { area: 'issues', title: 'Issues', read: 'find and read issues, their comments and history, labels and milestones', write: 'open and edit issues and comments, one at a time or in bulk' },
  { area: 'projects', title: 'Projects', read: 'read projects (boards), their fields and cards', write: "set the fields of a project's cards" },
  { area: 'views', title: 'Saved views', read: 'read and run saved views', write: 'save, change and delete views' },
  { area: 'requests', title: "Customers' requests", read: 'read the requests of every portal and the hold queue', write: 'release or reject held requests and change who sees a request' },
  { area: 'portals', title: 'Portals', read: 'read the portals, their request types, customers and companies', write: 'change the portals, their request types, customers and companies' },
  { area: 'members', title: 'Members', read: 'list the members and the invitations waiting', write: 'invite people, change roles and remove members' },
  { area: 'codehost', title: 'GitHub', read: 'see the GitHub connection, the repositories and how the sync is doing', write: 'connect an installation, mirror repositories and start a sync' },
  { area: 'workspace', title: 'Workspace', read: "read the workspace's settings, billing, chat webhook and audit log", write: "change the workspace's settings, billing and chat webhook" },
];

type Level = 'none' | 'read' | 'write';
const LEVELS: Array<{ level: Level; label: string }> = [
  { level: 'none', label: 'No access' },
  { level: 'read', label: 'Read' },
  { level: 'write', label: 'Read and write' },
];

/** The scopes of a choice per area, as the API takes them. */
const scopesOf = (levels: Record<string, Level>): Scope[] =>
  SCOPE_AREAS.flatMap(({ area }) => {
    const level = levels[area];
    if (level === 'read') return [`${area}:read` as Scope];
    if (level === 'write') return [`${area}:read` as Scope, `${area}:write` as Scope];
    return [];
  });

/** A key's scopes in words, for a list: the areas and what of each. */
export function scopesInWords(scopes: readonly string[]): string {
  if (scopes.length === 0) return 'Everything its member may do';
  return SCOPE_AREAS.flatMap(({ area, title }) => {
    const read = scopes.includes(`${area}:read`);
    const write = scopes.includes(`${area}:write`);
    if (read && write) return [`${title}: read and write`];
    if (read) return [`${title}: read`];
    if (write) return [`${title}: write`];
    return [];
  }).join('; ');
}

const EXPIRIES: Array<{ days: number | null; label: string }> = [
  { days: null, label: 'Never (until revoked)' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
  { days: 365, label: 'In a year' },
];

/**
 * Issues an API key: a name, what it may do (narrowed per area, or everything the person's role
 * allows), and when it expires. `onIssued` is handed the answer, key included; nothing here keeps
 * it, so the caller's panel is the only place it lives.
 */
export function IssueKeyForm({ workspaceId, idPrefix, defaultName = '', defaultLevels = {}, onIssued }: {
  workspaceId: string;
  /** Keeps the ids of the form's controls apart from another form on the same page. */
  idPrefix: string;
  defaultName?: string;
  defaultLevels?: Record<string, Level>;
  onIssued(issued: IssuedApiKey): void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(defaultName);
  const [narrowed, setNarrowed] = useState(true);
  const [levels, setLevels] = useState<Record<string, Level>>(defaultLevels);
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field?: string } | null>(null);
  const id = (part: string) => `${idPrefix}-${part}`;

  const issue = async (event: Event) => {
    event.preventDefault();
    const scopes = narrowed ? scopesOf(levels) : [];
    // An empty list means "not narrowed" to the API: without this, choosing nothing would give everything.
    if (narrowed && scopes.length === 0) return setProblem({ text: 'Choose at least one area the key may read, or let it do everything you may.', field: 'scopes' });
    const days = expiry ? Number(expiry) : null;
    setBusy(true);
    setProblem(null);
    // No Idempotency-Key: a replayed answer would have to keep the key itself; a retry makes a second key instead.
    const outcome = await attempt(() =>
      inWorkspace(workspaceId).POST('/v1/api-keys', { body: { name: name.trim(), scopes, expiresAt: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null } }),
    );
    setBusy(false);
    if (!outcome.ok) return setProblem({ text: outcome.problem, field: outcome.field });
    void queryClient.invalidateQueries({ queryKey: ['api-keys', workspaceId] });
    setName(defaultName);
    toast('ok', `Issued the key ${outcome.data.name}.`);
    onIssued(outcome.data);
  };

  const nameProblem = problem?.field === 'name' ? problem.text : null;
  const scopesProblem = problem?.field?.startsWith('scopes') ? problem.text : null;
  return (
    <form class="issue-key" onSubmit={issue} aria-label="Issue an API key">
      {problem && !nameProblem && !scopesProblem ? <Notice kind="error">{problem.text}</Notice> : null}
      <fieldset class="bare" disabled={busy}>
        <label for={id('name')}>Name</label>
        <input id={id('name')} required maxLength={100} value={name} aria-invalid={nameProblem ? true : undefined} aria-describedby={id('name-help')} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <p class="help" id={id('name-help')}>What it is for, so it can be told apart and revoked later (“deploy bot”, “Claude on my laptop”).</p>
        {nameProblem ? <p class="problem">{nameProblem}</p> : null}

        <fieldset>
          <legend>What the key may do</legend>
          <p class="help">The key acts as you: it never does more than your role allows, and it follows your role if it changes.</p>
          <label class="choice">
            <input type="radio" name={id('narrowed')} checked={narrowed} onChange={() => setNarrowed(true)} />
            Only what is chosen below
          </label>
          <label class="choice">
            <input type="radio" name={id('narrowed')} checked={!narrowed} onChange={() => setNarrowed(false)} />
            Everything you may do, in every area
          </label>
          {scopesProblem ? <p class="problem" role="alert">{scopesProblem}</p> : null}
          <div class="scope-areas">
            {SCOPE_AREAS.map(({ area, title, read, write }) => (
              <fieldset key={area} class="scope-area" disabled={!narrowed}>
                <legend>{title}</legend>
                <p class="help">Read: {read}. Write: {write}.</p>
                <div class="scope-levels">
                  {LEVELS.map(({ level, label }) => (
                    <label key={level} class="choice">
                      <input
                        type="radio"
                        name={id(`scope-${area}`)}
                        value={level}
                        checked={(levels[area] ?? 'none') === level}
                        onChange={() => {
                          setLevels({ ...levels, [area]: level });
                          if (problem?.field === 'scopes') setProblem(null);
                        }}
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <p class="help">Never given to a key: managing API keys (they stay with people, so no key can make itself a successor). Always allowed: saying whom the key acts as.</p>
        </fieldset>

        <label for={id('expiry')}>Expires</label>
        <select id={id('expiry')} value={expiry} onChange={(e) => setExpiry((e.target as HTMLSelectElement).value)}>
          {EXPIRIES.map((x) => (
            <option key={x.label} value={x.days ?? ''}>{x.label}</option>
          ))}
        </select>
        <button type="submit" class="primary">{busy ? 'Issuing…' : 'Issue the key'}</button>
      </fieldset>
    </form>
  );
}

/**
 * The key just issued, shown this once: to copy, with the warning that it will not be shown again.
 * Closing the panel is the caller forgetting the answer, so the key leaves the page with it.
 */
export function IssuedKeyPanel({ issued, onClose, children }: { issued: IssuedApiKey; onClose(): void; children?: ComponentChildren }) {
  return (
    <section class="card issued-key" aria-labelledby="issued-key-title">
      <h2 id="issued-key-title">The key {issued.name}</h2>
      <Notice kind="info">Copy the key now: it will not be shown again. Only a digest of it is stored, so a lost key cannot be read back; revoke it and issue another.</Notice>
      <label for="issued-key-value">API key</label>
      <div class="key-copy">
        <input id="issued-key-value" class="key-value" readOnly value={issued.key} spellcheck={false} autoComplete="off" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <CopyButton text={issued.key} label="Copy the key" />
      </div>
      <p class="meta">What it may do: {scopesInWords(issued.scopes)}.{issued.expiresAt ? ` Expires ${day(issued.expiresAt)}.` : ''}</p>
      {children}
      <button type="button" onClick={onClose}>I have copied it: close</button>
    </section>
  );
}
