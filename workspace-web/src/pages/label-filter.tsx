import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The issue list's label filter: several labels at once, as the API takes them (`label` repeated,
 * an issue carrying every one). A disclosure over a list of checkboxes rather than a `<select
 * multiple>`, whose ctrl-click people rarely find; labels named in the address but not among the
 * workspace's first labels still show, checked, so they can be unchecked.
 */
export function LabelFilter({ names, chosen, change }: { names: string[]; chosen: string[]; change: (labels: string[]) => void }) {
  const box = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [find, setFind] = useState('');
  // In a steady order, so a box does not move from under the pointer as it is checked.
  const all = [...new Set([...names, ...chosen])];
  const shown = find ? all.filter((name) => name.toLowerCase().includes(find.trim().toLowerCase())) : all;
  const close = () => {
    if (!box.current?.open) return;
    box.current.open = false;
    box.current.querySelector('summary')?.focus();
  };
  // A click elsewhere folds it, as a menu would.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) box.current.open = false;
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const toggle = (name: string, on: boolean) => change(on ? [...chosen, name] : chosen.filter((n) => n !== name));
  return (
    <div class="label-filter">
      <span class="filter-heading" id="issue-labels-heading">Labels</span>
      <details
        ref={box}
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !box.current?.open) return;
          // Escape folds the list here; the page's own Escape (leave the search, drop a selection) waits.
          event.stopPropagation();
          close();
        }}
      >
        <summary aria-labelledby="issue-labels-heading issue-labels-chosen">
          <span id="issue-labels-chosen">{chosen.length ? chosen.join(', ') : 'Any'}</span>
        </summary>
        <fieldset>
          <legend>Issues that carry every label checked</legend>
          {all.length > 10 ? (
            <input type="search" aria-label="Find a label" placeholder="Find a label" value={find} onInput={(e) => setFind((e.target as HTMLInputElement).value)} />
          ) : null}
          {all.length === 0 ? <p class="help">No labels yet.</p> : null}
          <ul class="label-choices">
            {shown.map((name) => (
              <li key={name}>
                <label class="choice">
                  <input type="checkbox" checked={chosen.includes(name)} onChange={(e) => toggle(name, (e.target as HTMLInputElement).checked)} />
                  {name}
                </label>
              </li>
            ))}
          </ul>
          {chosen.length ? <button type="button" class="link-button" onClick={() => change([])}>Clear the labels</button> : null}
        </fieldset>
      </details>
    </div>
  );
}
