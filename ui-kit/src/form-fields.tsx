import type { ComponentChildren } from 'preact';
import { TEXT_MAX, TEXTAREA_MAX } from '../../src/modules/customers/requests/form-rules';

/** A field of a request type's form, as the API describes it. */
export interface FormFieldShape {
  key: string;
  label: string;
  type: 'text' | 'textarea' | 'select' | 'checkbox' | 'email' | 'url' | 'number' | 'date';
  required: boolean;
  options: string[];
  helpText: string | null;
}

/**
 * A request form's fields as customers see them: drawn by the portal's submit page and by the
 * workspace application's preview of the form being built, so the two never differ.
 */
export function Labelled(props: { id: string; label: string; required?: boolean; help?: string | null; problem?: string; children: ComponentChildren }) {
  return (
    <div class={`field${props.problem ? ' has-problem' : ''}`}>
      <label for={props.id}>
        {props.label}
        {props.required ? <span class="required" aria-hidden="true"> *</span> : null}
      </label>
      {props.help ? <p class="help" id={`${props.id}-help`}>{props.help}</p> : null}
      {props.children}
      {props.problem ? <p class="problem" id={`${props.id}-problem`}>{props.problem}</p> : null}
    </div>
  );
}

export function FieldInput({ field, problem, idPrefix = 'f' }: { field: FormFieldShape; problem?: string; idPrefix?: string }) {
  const id = `${idPrefix}-v-${field.key}`;
  const name = `v-${field.key}`;
  const common = {
    id,
    name,
    required: field.required,
    'aria-invalid': problem ? ('true' as const) : undefined,
    'aria-describedby': [field.helpText ? `${id}-help` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined,
  };
  if (field.type === 'checkbox') {
    return (
      <div class={`field field-checkbox${problem ? ' has-problem' : ''}`}>
        <input type="checkbox" value="true" {...common} />
        <label for={id}>
          {field.label}
          {field.required ? <span class="required" aria-hidden="true"> *</span> : null}
        </label>
        {field.helpText ? <p class="help" id={`${id}-help`}>{field.helpText}</p> : null}
        {problem ? <p class="problem" id={`${id}-problem`}>{problem}</p> : null}
      </div>
    );
  }
  let input;
  switch (field.type) {
    case 'textarea':
      input = <textarea rows={6} maxLength={TEXTAREA_MAX} {...common} />;
      break;
    case 'select':
      input = (
        <select {...common}>
          <option value="">Choose…</option>
          {field.options.map((option) => <option key={option} value={option}>{option}</option>)}
        </select>
      );
      break;
    case 'number':
      input = <input type="number" step="any" inputMode="decimal" {...common} />;
      break;
    case 'date':
      input = <input type="date" {...common} />;
      break;
    case 'email':
      input = <input type="email" autoComplete="off" maxLength={TEXT_MAX} {...common} />;
      break;
    case 'url':
      input = <input type="url" inputMode="url" placeholder="https://" maxLength={TEXT_MAX} {...common} />;
      break;
    default:
      input = <input type="text" maxLength={TEXT_MAX} {...common} />;
  }
  return (
    <Labelled id={id} label={field.label} required={field.required} help={field.helpText} problem={problem}>
      {input}
    </Labelled>
  );
}
