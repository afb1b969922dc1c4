import { Dialog, navigate } from '@svc/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/preact-query';
import { useEffect, useRef, useState } from 'preact/hooks';
import { inWorkspace, must, type Issue } from './api';
import { dialogOpen, typingIn } from './keyboard';
import { useSession, workspacePath } from './session';
import { useViews, viewSearch } from './views';

/**
 * What the whole signed-in application answers to, wherever the person is: Ctrl-K (⌘K on a Mac)
 * opens the command palette, `?` the sheet of every shortcut. Buttons elsewhere open them too.
 */
type Opened = 'palette' | 'sheet' | null;
const openers = new Set<(which: Opened) => void>();
export const openShortcutSheet = () => openers.forEach((open) => open('sheet'));
export const openPalette = () => openers.forEach((open) => open('palette'));

export function Commands({ signOut }: { signOut: () => void }) {
  const [opened, setOpened] = useState<Opened>(null);
  useEffect(() => {
    openers.add(setOpened);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const palette = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
      if (palette) {
        // Anywhere, even in a text field; from the shortcut sheet too, but not over another dialog.
        event.preventDefault();
        if (!dialogOpen() || document.querySelector('dialog[open] .shortcut-sheet')) setOpened('palette');
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target) && !dialogOpen()) {
        event.preventDefault();
        setOpened('sheet');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      openers.delete(setOpened);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <>
      <ShortcutSheet open={opened === 'sheet'} close={() => setOpened((now) => (now === 'sheet' ? null : now))} />
      <Palette open={opened === 'palette'} close={() => setOpened((now) => (now === 'palette' ? null : now))} signOut={signOut} showSheet={() => setOpened('sheet')} />
    </>
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const SHORTCUTS: Array<{ keys: string[][]; what: string; where: string }> = [
  { keys: [['Ctrl', 'K'], ['⌘', 'K']], what: 'Open the command palette: find an issue by number or words, a saved view, or an action', where: 'Anywhere' },
  { keys: [['?']], what: 'Show these shortcuts', where: 'Anywhere' },
  { keys: [['Escape']], what: 'Back out: close a dialog, leave the search box, clear the selection, or go back from an issue', where: 'Anywhere' },
  { keys: [['j'], ['k']], what: 'Move to the next or the previous issue', where: 'Issue list' },
  { keys: [['Enter']], what: 'Open the issue moved to', where: 'Issue list' },
  { keys: [['/']], what: 'Search the issues', where: 'Issue list' },
  { keys: [['c']], what: 'Create an issue', where: 'Issue list' },
  { keys: [['x']], what: 'Select or unselect the issue moved to, for a bulk edit', where: 'Issue list' },
  { keys: [['Shift', 'x']], what: 'Select every issue from the last one selected to the one moved to', where: 'Issue list' },
  { keys: [['↑'], ['↓']], what: 'Move through the results; Enter runs the one chosen', where: 'Command palette' },
];

/** The `?` sheet: every keyboard shortcut, where it works and what it does. */
function ShortcutSheet({ open, close }: { open: boolean; close: () => void }) {
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={close}>
      <div class="shortcut-sheet">
        <table class="shortcuts">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">What they do</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.what}>
                <td>
                  {s.keys.map((combo, i) => (
                    <span key={i} class="combo">
                      {i > 0 ? ' or ' : ''}
                      {combo.map((key, j) => (
                        <span key={key}>
                          {j > 0 ? '+' : ''}
                          <kbd>{key}</kbd>
                        </span>
                      ))}
                    </span>
                  ))}
                </td>
                <td>{s.what}</td>
                <td>{s.where}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="help">Letter shortcuts wait while you type in a field. {isMac ? 'On this Mac, use ⌘K.' : ''}</p>
        <form method="dialog">
          <button type="submit">Close</button>
        </form>
      </div>
    </Dialog>
  );
}

interface Item {
  key: string;
  group: 'Issues' | 'Views' | 'Actions';
  label: string;
  detail?: string;
  run: () => void;
}

const NUMBER = /^#?(\d+)$/;

/**
 * The command palette: an ARIA combobox over a listbox of issues (by number or words, through
 * GET /v1/issues?q=, ten at most, asked once typing pauses for 25 ms), saved views by name and actions.
 * Arrow keys move, Enter runs, Escape closes (the dialog's own).
 */
function Palette({ open, close, signOut, showSheet }: { open: boolean; close: () => void; signOut: () => void; showSheet: () => void }) {
  const { workspace } = useSession();
  const api = inWorkspace(workspace!.id);
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [active, setActive] = useState(0);
  // What to do once the dialog has closed (so focus and the page change in that order).
  const then = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!open) {
      setText('');
      setAsked('');
      setActive(0);
    }
  }, [open]);
  useEffect(() => {
    // Short: a pause between two keys is longer, and the answer is wanted within 100 ms of the last.
    const wait = setTimeout(() => setAsked(text.trim()), 25);
    return () => clearTimeout(wait);
  }, [text]);

  const found = useQuery({
    queryKey: ['palette', workspace!.id, asked],
    enabled: open && asked !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    // A query typed past is dropped (the browser gives a host six connections, the live stream holds one).
    queryFn: ({ signal }) => must(api.GET('/v1/issues', { params: { query: { q: asked, limit: 10 } }, signal })),
  });
  const views = useViews(workspace!.id, open);

  const go = (to: string) => () => navigate(to);
  const words = text.trim().toLowerCase();
  const number = NUMBER.exec(text.trim())?.[1];
  const matches = (label: string) => !words || label.toLowerCase().includes(words);
  const issues: Issue[] = asked && text.trim() ? [...(found.data?.data ?? [])] : [];
  // An issue whose number was typed comes first.
  if (number) issues.sort((a, b) => Number(b.number === Number(number)) - Number(a.number === Number(number)));
  const items: Item[] = [
    ...issues.map((issue) => ({
      key: `issue-${issue.id}`,
      group: 'Issues' as const,
      label: `#${issue.number} ${issue.title}`,
      detail: `${issue.repository.fullName} · ${issue.state}`,
      run: go(workspacePath(workspace!, `/issues/${issue.id}`)),
    })),
    ...(views.data ?? [])
      .filter((v) => matches(v.name))
      .map((view) => ({
        key: `view-${view.id}`,
        group: 'Views' as const,
        label: view.name,
        detail: view.visibility === 'shared' ? 'Saved view, shared' : 'Saved view, only you',
        run: go(`${workspacePath(workspace!, '/issues')}?${viewSearch(view)}`),
      })),
    ...[
      { key: 'action-issues', label: 'Go to issues', run: go(workspacePath(workspace!, '/issues')) },
      { key: 'action-codehost', label: 'Go to GitHub settings', run: go('/settings/codehost') },
      { key: 'action-account', label: 'Your account', run: go('/settings/account') },
      { key: 'action-shortcuts', label: 'Keyboard shortcuts', run: showSheet },
      { key: 'action-sign-out', label: 'Sign out', run: signOut },
    ]
      .filter((a) => matches(a.label))
      .map((a) => ({ ...a, group: 'Actions' as const })),
  ];
  const at = Math.min(active, Math.max(0, items.length - 1));
  const chosen = items[at];
  useEffect(() => setActive(0), [text, issues.map((i) => i.id).join()]);
  useEffect(() => {
    if (chosen) document.getElementById(`palette-${chosen.key}`)?.scrollIntoView({ block: 'nearest' });
  }, [chosen?.key]);

  const runItem = (item: Item | undefined) => {
    if (!item) return;
    then.current = item.run;
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length) setActive((at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      runItem(chosen);
    }
  };
  const searching = open && text.trim() !== '' && (asked !== text.trim() || found.isFetching);
  const groups = (['Issues', 'Views', 'Actions'] as const).map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter((g) => g.items.length);

  return (
    <Dialog
      open={open}
      title="Find or go to"
      onClose={() => {
        close();
        const run = then.current;
        then.current = null;
        run?.();
      }}
    >
      <div class="palette">
        <label for="palette-input" class="sr-only">Find an issue by number or words, a saved view or an action</label>
        <input
          id="palette-input"
          type="text"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls="palette-list"
          aria-autocomplete="list"
          aria-activedescendant={chosen ? `palette-${chosen.key}` : undefined}
          aria-describedby="palette-status"
          autoComplete="off"
          spellcheck={false}
          placeholder="Issue number or words, a view, an action"
          value={text}
          onInput={(event) => setText((event.target as HTMLInputElement).value)}
          onKeyDown={onKeyDown}
        />
        <div id="palette-list" role="listbox" aria-label="Results" class="palette-list">
          {groups.map(({ group, items: inGroup }) => (
            <div key={group} role="group" aria-labelledby={`palette-group-${group}`}>
              <div role="presentation" id={`palette-group-${group}`} class="palette-group">{group}</div>
              {inGroup.map((item) => (
                <div
                  key={item.key}
                  id={`palette-${item.key}`}
                  role="option"
                  aria-selected={item === chosen}
                  class="palette-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => item !== chosen && setActive(items.indexOf(item))}
                  onClick={() => runItem(item)}
                >
                  <span class="palette-label">{item.label}</span>
                  {item.detail ? <span class="palette-detail">{item.detail}</span> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p id="palette-status" class="help palette-status" role="status">
          {found.isError && text.trim()
            ? `Issues could not be searched: ${found.error.message}`
            : searching
              ? 'Searching the issues…'
              : text.trim() && issues.length === 0
                ? 'No issue matches.'
                : `${items.length} result${items.length === 1 ? '' : 's'}. Arrow keys move, Enter opens, Escape closes.`}
        </p>
      </div>
    </Dialog>
  );
}
