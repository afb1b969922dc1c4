import { useState } from 'preact/hooks';
import type { Label } from './api';

/** Label names are one per repository whatever their case (as on GitHub). */
const has = (names: string[], name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());

/**
 * The repository's labels as checkboxes (add and remove), with a filter when there are many. A
 * chosen label the list does not hold stays a choice, so it can be removed.
 */
export function LabelChoices({ idPrefix, labels, chosen, onChange }: { idPrefix: string; labels: Label[]; chosen: string[]; onChange: (names: string[]) => void }) {
  const [filter, setFilter] = useState('');
  const byName = new Map<string, Label | null>();
  for (const label of labels) if (!byName.has(label.name.toLowerCase())) byName.set(label.name.toLowerCase(), label);
  const names = [...labels.map((l) => l.name), ...chosen].filter((name, n, all) => all.findIndex((x) => x.toLowerCase() === name.toLowerCase()) === n);
  const shown = names.filter((name) => !filter || name.toLowerCase().includes(filter.toLowerCase()) || has(chosen, name));
  const toggle = (name: string, on: boolean) => onChange(on ? [...chosen, name] : chosen.filter((n) => n.toLowerCase() !== name.toLowerCase()));
  return (
    <div class="choices">
      {names.length > 10 ? (
        <>
          <label for={`${idPrefix}-filter`} class="small-label">Filter labels</label>
          <input
            id={`${idPrefix}-filter`}
            type="search"
            value={filter}
            onInput={(event) => setFilter((event.target as HTMLInputElement).value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </>
      ) : null}
      {names.length === 0 ? <p class="empty">This repository has no labels.</p> : null}
      <ul class="choice-list">
        {shown.map((name, n) => {
          const label = byName.get(name.toLowerCase());
          const id = `${idPrefix}-${n}`;
          return (
            <li key={name}>
              <label class="choice" for={id}>
                <input id={id} type="checkbox" checked={has(chosen, name)} onChange={(event) => toggle(name, (event.target as HTMLInputElement).checked)} />
                {label ? <span class="swatch" ref={(el) => el?.style.setProperty('--swatch', `#${label.color}`)} aria-hidden="true" /> : null}
                {name}
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/**
 * The people to assign, as checkboxes: the workspace members' linked GitHub accounts and whoever
 * is chosen already; anybody else is added by GitHub login. GitHub assigns at most 10 people and
 * only those with access to the repository.
 */
export function AssigneeChoices({
  idPrefix,
  people,
  chosen,
  onChange,
}: {
  idPrefix: string;
  people: Array<{ login: string; name: string }>;
  chosen: string[];
  onChange: (logins: string[]) => void;
}) {
  const [other, setOther] = useState('');
  const [otherProblem, setOtherProblem] = useState<string | null>(null);
  const names = new Map(people.map((p) => [p.login.toLowerCase(), p.name]));
  const logins = [...people.map((p) => p.login), ...chosen].filter((login, n, all) => all.findIndex((x) => x.toLowerCase() === login.toLowerCase()) === n);
  const toggle = (login: string, on: boolean) => onChange(on ? [...chosen, login] : chosen.filter((l) => l.toLowerCase() !== login.toLowerCase()));
  const add = () => {
    const login = other.trim().replace(/^@/, '');
    if (!login) return;
    if (!LOGIN.test(login)) return setOtherProblem('That is not a GitHub login: letters, digits and single hyphens, up to 39.');
    if (!has(chosen, login)) onChange([...chosen, login]);
    setOther('');
    setOtherProblem(null);
  };
  return (
    <div class="choices">
      <ul class="choice-list">
        {logins.map((login, n) => {
          const id = `${idPrefix}-${n}`;
          const name = names.get(login.toLowerCase());
          return (
            <li key={login}>
              <label class="choice" for={id}>
                <input id={id} type="checkbox" checked={has(chosen, login)} onChange={(event) => toggle(login, (event.target as HTMLInputElement).checked)} />
                {login}
                {name ? <span class="meta"> ({name})</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
      {logins.length === 0 ? <p class="empty">Nobody here has linked a GitHub account yet.</p> : null}
      <label for={`${idPrefix}-other`} class="small-label">Another GitHub login</label>
      <div class="inline-add">
        <input
          id={`${idPrefix}-other`}
          type="text"
          autoComplete="off"
          spellcheck={false}
          value={other}
          aria-invalid={otherProblem ? 'true' : undefined}
          aria-describedby={`${idPrefix}-other-help`}
          onInput={(event) => {
            setOther((event.target as HTMLInputElement).value);
            setOtherProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" class="small" onClick={add}>Add</button>
      </div>
      <p id={`${idPrefix}-other-help`} class={otherProblem ? 'problem' : 'help'}>
        {otherProblem ?? 'Up to 10 people. GitHub assigns only people with access to the repository.'}
      </p>
    </div>
  );
}
