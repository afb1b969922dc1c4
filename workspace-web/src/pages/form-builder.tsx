import { FieldInput, type FormFieldShape } from '@svc/ui-kit';
import { useRef, useState } from 'preact/hooks';

export type FormField = FormFieldShape;

const TYPES: Array<{ value: FormField['type']; label: string }> = [
  { value: 'text', label: 'One line of text' },
  { value: 'textarea', label: 'Several lines of text' },
  { value: 'select', label: 'A choice from a list' },
  { value: 'checkbox', label: 'A tick box' },
  { value: 'email', label: 'An e-mail address' },
  { value: 'url', label: 'A web address' },
  { value: 'number', label: 'A number' },
  { value: 'date', label: 'A date' },
];
export const MAX_FIELDS = 30;

/** The key a label gives (lowercase letters, digits and underscores), unique among `taken`. */
export function keyFrom(label: string, taken: string[]): string {
  const base = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 50) || 'field';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

/**
 * The fields of a request type's form: added, edited, reordered (by dragging a field's handle, or
 * with its Move up and Move down buttons, or Alt+↑/↓ on the field) and removed. `problems` holds
 * the API's 422s by field index, said beside that field.
 */
export function FormBuilder({ fields, change, problems, disabled }: { fields: FormField[]; change: (next: FormField[]) => void; problems: Record<number, string>; disabled: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);

  const update = (i: number, patch: Partial<FormField>) => change(fields.map((f, at) => (at === i ? { ...f, ...patch } : f)));
  const move = (from: number, to: number, focus = true) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const next = [...fields];
    const [field] = next.splice(from, 1);
    next.splice(to, 0, field);
    change(next);
    if (open === from) setOpen(to);
    setSaid(`${field.label || 'The field'} moved to place ${to + 1} of ${fields.length}.`);
    // The moved field keeps the keyboard's place.
    if (focus) setTimeout(() => list.current?.querySelectorAll<HTMLElement>('.builder-field')[to]?.focus(), 0);
  };
  const add = () => {
    const key = keyFrom('Question', fields.map((f) => f.key));
    change([...fields, { key, label: '', type: 'text', required: false, options: [], helpText: null }]);
    setOpen(fields.length);
    setTimeout(() => document.getElementById(`builder-label-${fields.length}`)?.focus(), 0);
  };

  return (
    <div class="form-builder">
      <p class="sr-only" role="status" aria-live="polite">{said}</p>
      {fields.length === 0 ? <p class="empty">No questions yet: customers give a title and, if they like, files.</p> : null}
      <ol class="builder-fields" ref={list} aria-label="Questions of the form">
        {fields.map((field, i) => (
          <li
            key={i}
            class={`builder-field card${dragged === i ? ' dragging' : ''}${problems[i] ? ' has-problem' : ''}`}
            tabIndex={0}
            aria-label={`Question ${i + 1}: ${field.label || 'untitled'}, ${TYPES.find((t) => t.value === field.type)!.label.toLowerCase()}${field.required ? ', required' : ''}`}
            aria-describedby="builder-keys"
            onKeyDown={(event) => {
              if (event.target !== event.currentTarget || !event.altKey) return;
              if (event.key === 'ArrowUp') (event.preventDefault(), move(i, i - 1));
              if (event.key === 'ArrowDown') (event.preventDefault(), move(i, i + 1));
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              if (dragged !== i) {
                move(dragged, i, false);
                setDragged(i);
              }
            }}
            onDrop={(event) => event.preventDefault()}
          >
            <div class="builder-field-head">
              <span
                class="drag-handle"
                draggable={!disabled}
                aria-hidden="true"
                title="Drag to reorder"
                onDragStart={(event) => {
                  event.dataTransfer?.setData('text/plain', String(i));
                  setDragged(i);
                }}
                onDragEnd={() => setDragged(null)}
              >
                ⋮⋮
              </span>
              <strong class="builder-field-title">{field.label || 'Untitled question'}</strong>
              <span class="meta">{TYPES.find((t) => t.value === field.type)!.label}{field.required ? ' · required' : ''}</span>
              <span class="button-row">
                <button type="button" class="small" disabled={disabled || i === 0} aria-label={`Move “${field.label || 'untitled'}” up`} onClick={() => move(i, i - 1)}>↑</button>
                <button type="button" class="small" disabled={disabled || i === fields.length - 1} aria-label={`Move “${field.label || 'untitled'}” down`} onClick={() => move(i, i + 1)}>↓</button>
                <button type="button" class="small" aria-expanded={open === i} aria-label={`${open === i ? 'Close' : 'Edit'} “${field.label || 'untitled'}”`} onClick={() => setOpen(open === i ? null : i)}>{open === i ? 'Close' : 'Edit'}</button>
                <button type="button" class="small danger" disabled={disabled} aria-label={`Remove “${field.label || 'untitled'}”`} onClick={() => (change(fields.filter((_, at) => at !== i)), setOpen(null), setSaid(`${field.label || 'The question'} removed.`))}>Remove</button>
              </span>
            </div>
            {problems[i] ? <p class="problem" role="alert">{problems[i]}</p> : null}
            {open === i ? <FieldEditor index={i} field={field} taken={fields.filter((_, at) => at !== i).map((f) => f.key)} update={(patch) => update(i, patch)} disabled={disabled} /> : null}
          </li>
        ))}
      </ol>
      <p id="builder-keys" class="help">Reorder by dragging a question’s handle, with its ↑ and ↓ buttons, or with Alt+↑ and Alt+↓ on the question.</p>
      <button type="button" disabled={disabled || fields.length >= MAX_FIELDS} onClick={add}>Add a question</button>
      {fields.length >= MAX_FIELDS ? <p class="help">A form has at most {MAX_FIELDS} questions.</p> : null}
    </div>
  );
}

function FieldEditor({ index, field, taken, update, disabled }: { index: number; field: FormField; taken: string[]; update: (patch: Partial<FormField>) => void; disabled: boolean }) {
  const id = (name: string) => `builder-${name}-${index}`;
  const keyTaken = taken.includes(field.key);
  return (
    <fieldset class="bare builder-editor" disabled={disabled}>
      <legend class="sr-only">Question {index + 1}</legend>
      <label for={id('label')}>Question</label>
      <input
        id={id('label')}
        required
        maxLength={120}
        value={field.label}
        onInput={(e) => {
          const label = (e.target as HTMLInputElement).value;
          // A new question's key follows its words until the key is typed in.
          const follows = field.key === keyFrom(field.label || 'Question', taken) || /^question(_\d+)?$/.test(field.key);
          update(follows ? { label, key: keyFrom(label || 'Question', taken) } : { label });
        }}
      />
      <label for={id('type')}>Kind of answer</label>
      <select id={id('type')} value={field.type} onChange={(e) => update({ type: (e.target as HTMLSelectElement).value as FormField['type'] })}>
        {TYPES.map((t) => (
          <option key={t.value} value={t.value}>{t.label}</option>
        ))}
      </select>
      {field.type === 'select' ? (
        <>
          <label for={id('options')}>Choices, one per line</label>
          <textarea
            id={id('options')}
            rows={4}
            value={field.options.join('\n')}
            aria-describedby={id('options-help')}
            onInput={(e) => update({ options: (e.target as HTMLTextAreaElement).value.split('\n').map((o) => o.trim()).filter(Boolean).slice(0, 50) })}
          />
          <p id={id('options-help')} class="help">At most 50, each up to 200 characters.</p>
        </>
      ) : null}
      <label for={id('help')}>Help for customers (optional)</label>
      <input id={id('help')} maxLength={300} value={field.helpText ?? ''} onInput={(e) => update({ helpText: (e.target as HTMLInputElement).value || null })} />
      <div class="field-checkbox">
        <input id={id('required')} type="checkbox" checked={field.required} onChange={(e) => update({ required: (e.target as HTMLInputElement).checked })} />
        <label for={id('required')}>{field.type === 'checkbox' ? 'Must be ticked' : 'Required'}</label>
      </div>
      <label for={id('key')}>Key</label>
      <input
        id={id('key')}
        required
        maxLength={60}
        pattern="[a-z0-9_]+"
        value={field.key}
        aria-invalid={keyTaken ? true : undefined}
        aria-describedby={id('key-help')}
        onInput={(e) => update({ key: (e.target as HTMLInputElement).value })}
      />
      <p id={id('key-help')} class={keyTaken ? 'problem' : 'help'}>
        {keyTaken ? 'Another question has this key.' : 'What the answer is sent and kept under: lowercase letters, digits and underscores. Changing it on a form in use leaves older answers under the old key.'}
      </p>
    </fieldset>
  );
}

/** The form as customers will see it on the portal, drawn by the portal's own component. */
export function FormPreview({ fields }: { fields: FormField[] }) {
  return (
    <section class="form-preview" aria-labelledby="form-preview-title">
      <h2 id="form-preview-title">As customers see the form</h2>
      {/* Disabled as well as inert: a preview's required questions must not hold up saving the form around it. */}
      <fieldset class="card bare preview-fields" disabled inert>
        <div class="field">
          <label for="preview-title">Title<span class="required" aria-hidden="true"> *</span></label>
          <input id="preview-title" type="text" />
        </div>
        {fields.filter((f) => f.label && f.key).map((f) => (
          <FieldInput key={f.key} field={f} idPrefix="preview" />
        ))}
      </fieldset>
    </section>
  );
}
