import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { renderMarkdown } from './markdown';

/**
 * A Markdown text area with a Preview tab, rendered by the same sanitiser as the page (so the
 * preview is exactly what will show). The tabs follow the ARIA tabs pattern: Left and Right (or
 * Home and End) move between them, Tab goes into the chosen panel.
 */
export function MarkdownEditor(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  onKeyDown?: (event: JSX.TargetedKeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const { id, label, value } = props;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const tabs = { write: useRef<HTMLButtonElement>(null), preview: useRef<HTMLButtonElement>(null) };
  const choose = (next: 'write' | 'preview', focus = false) => {
    setTab(next);
    if (focus) tabs[next].current?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const next = event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : tab === 'write' ? 'preview' : 'write';
      choose(next, true);
    }
  };
  const tabButton = (name: 'write' | 'preview', words: string) => (
    <button
      ref={tabs[name]}
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      class="md-tab"
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      tabIndex={tab === name ? 0 : -1}
      onClick={() => choose(name)}
      onKeyDown={onTabKey}
    >
      {words}
    </button>
  );
  const html = tab === 'preview' ? renderMarkdown(value) : '';
  return (
    <div class="md-editor">
      <div class="md-editor-head">
        <label for={id}>{label}</label>
        <div role="tablist" aria-label={`${label}: write or preview`} class="md-tabs">
          {tabButton('write', 'Write')}
          {tabButton('preview', 'Preview')}
        </div>
      </div>
      <div role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
        <textarea
          id={id}
          rows={props.rows ?? 8}
          maxLength={props.maxLength ?? 65536}
          value={value}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid ? 'true' : undefined}
          onInput={(event) => props.onInput((event.target as HTMLTextAreaElement).value)}
          onKeyDown={props.onKeyDown}
        />
      </div>
      <div role="tabpanel" id={`${id}-preview`} aria-labelledby={`${id}-preview-tab`} hidden={tab !== 'preview'} tabIndex={0} class="md-preview">
        {tab !== 'preview' ? null : html ? <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} /> : <p class="empty">Nothing to preview.</p>}
      </div>
    </div>
  );
}
