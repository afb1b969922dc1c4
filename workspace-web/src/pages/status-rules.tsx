import type { components } from '@svc/client';

type RequestType = components['schemas']['RequestType'];
export type StatusRule = RequestType['statusMap'][number];
type Condition = StatusRule['when'];
type ProjectField = components['schemas']['ProjectField'];

const STATUSES: StatusRule['status'][] = ['Open', 'Planned', 'In progress', 'Waiting on you', 'Completed', 'Merged', 'Closed'];
const KINDS: Array<{ value: Condition['kind']; label: string }> = [
  { value: 'open', label: 'The issue is open' },
  { value: 'closed', label: 'The issue is closed' },
  { value: 'label', label: 'The issue has a label' },
  { value: 'field', label: 'Its card on the project has a value' },
];
const REASONS: Array<{ value: string; label: string }> = [
  { value: '', label: 'for any reason' },
  { value: 'completed', label: 'as completed' },
  { value: 'not_planned', label: 'as not planned' },
  { value: 'duplicate', label: 'as a duplicate' },
];

const conditionOf = (kind: Condition['kind'], fields: ProjectField[]): Condition => {
  if (kind === 'closed') return { kind, stateReason: null };
  if (kind === 'label') return { kind, name: '' };
  if (kind === 'field') {
    const first = fields[0];
    return { kind, fieldNodeId: first?.nodeId ?? '', value: first?.options?.[0]?.name ?? '' };
  }
  return { kind: 'open' };
};

/**
 * The status customers see, rule by rule: the first rule whose condition holds wins; with no rule
 * (or none holding) the service's default rules decide. `fields` are the destination project's
 * single-select fields, for rules on a card's value.
 */
export function StatusRules({ rules, change, labels, fields, disabled, problem }: { rules: StatusRule[]; change: (next: StatusRule[]) => void; labels: string[]; fields: ProjectField[]; disabled: boolean; problem: string | null }) {
  const set = (i: number, rule: StatusRule) => change(rules.map((r, at) => (at === i ? rule : r)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rules.length) return;
    const next = [...rules];
    const [rule] = next.splice(from, 1);
    next.splice(to, 0, rule);
    change(next);
  };
  return (
    <div class="status-rules">
      {problem ? <p class="problem" role="alert">{problem}</p> : null}
      {rules.length === 0 ? <p class="help">No rules: the default rules decide (closed as completed is Completed, as a duplicate Merged, otherwise Closed; an open issue is Open).</p> : null}
      <ol class="plain-list">
        {rules.map((rule, i) => {
          const when = rule.when;
          const id = (name: string) => `rule-${name}-${i}`;
          const field = when.kind === 'field' ? fields.find((f) => f.nodeId === when.fieldNodeId) : undefined;
          return (
            <li key={i} class="status-rule">
              <fieldset class="bare" disabled={disabled}>
                <legend class="sr-only">Rule {i + 1}</legend>
                <span class="rule-when">When</span>
                <label class="sr-only" for={id('kind')}>Rule {i + 1}: condition</label>
                <select id={id('kind')} class="compact" value={when.kind} onChange={(e) => set(i, { ...rule, when: conditionOf((e.target as HTMLSelectElement).value as Condition['kind'], fields) })}>
                  {KINDS.map((k) => (
                    <option key={k.value} value={k.value} disabled={k.value === 'field' && fields.length === 0}>{k.label}</option>
                  ))}
                </select>
                {when.kind === 'closed' ? (
                  <>
                    <label class="sr-only" for={id('reason')}>Rule {i + 1}: closed how</label>
                    <select id={id('reason')} class="compact" value={when.stateReason ?? ''} onChange={(e) => set(i, { ...rule, when: { kind: 'closed', stateReason: ((e.target as HTMLSelectElement).value || null) as 'completed' | 'not_planned' | 'duplicate' | null } })}>
                      {REASONS.map((r) => (
                        <option key={r.value} value={r.value}>{r.label}</option>
                      ))}
                    </select>
                  </>
                ) : null}
                {when.kind === 'label' ? (
                  <>
                    <label class="sr-only" for={id('label')}>Rule {i + 1}: label</label>
                    <input id={id('label')} class="compact" list="rule-labels" required maxLength={100} value={when.name} onInput={(e) => set(i, { ...rule, when: { kind: 'label', name: (e.target as HTMLInputElement).value } })} />
                  </>
                ) : null}
                {when.kind === 'field' ? (
                  <>
                    <label class="sr-only" for={id('field')}>Rule {i + 1}: field</label>
                    <select id={id('field')} class="compact" value={when.fieldNodeId} onChange={(e) => {
                      const next = fields.find((f) => f.nodeId === (e.target as HTMLSelectElement).value);
                      set(i, { ...rule, when: { kind: 'field', fieldNodeId: next?.nodeId ?? '', value: next?.options?.[0]?.name ?? '' } });
                    }}>
                      {fields.map((f) => (
                        <option key={f.nodeId} value={f.nodeId}>{f.name}</option>
                      ))}
                    </select>
                    <label class="sr-only" for={id('value')}>Rule {i + 1}: value</label>
                    <select id={id('value')} class="compact" value={when.value} onChange={(e) => set(i, { ...rule, when: { ...when, value: (e.target as HTMLSelectElement).value } })}>
                      {(field?.options ?? []).map((o) => (
                        <option key={o.id} value={o.name}>{o.name}</option>
                      ))}
                    </select>
                  </>
                ) : null}
                <span class="rule-when">customers see</span>
                <label class="sr-only" for={id('status')}>Rule {i + 1}: status customers see</label>
                <select id={id('status')} class="compact" value={rule.status} onChange={(e) => set(i, { ...rule, status: (e.target as HTMLSelectElement).value as StatusRule['status'] })}>
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>{s}</option>
                  ))}
                </select>
                <span class="button-row">
                  <button type="button" class="small" disabled={i === 0} aria-label={`Move rule ${i + 1} up`} onClick={() => move(i, i - 1)}>↑</button>
                  <button type="button" class="small" disabled={i === rules.length - 1} aria-label={`Move rule ${i + 1} down`} onClick={() => move(i, i + 1)}>↓</button>
                  <button type="button" class="small danger" aria-label={`Remove rule ${i + 1}`} onClick={() => change(rules.filter((_, at) => at !== i))}>Remove</button>
                </span>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <datalist id="rule-labels">
        {labels.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <button type="button" disabled={disabled || rules.length >= 30} onClick={() => change([...rules, { when: { kind: 'closed', stateReason: 'completed' }, status: 'Completed' }])}>Add a rule</button>
    </div>
  );
}
