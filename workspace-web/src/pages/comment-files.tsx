import { sizeOf } from '@svc/ui-kit';
import { useState } from 'preact/hooks';
import type { SvcClient } from '@svc/client';
import { problemOf, type Comment } from '../api';

/** As the API allows: at most this many files on one comment. */
const MAX_COMMENT_FILES = 10;

export type PickedFile = { id: string; name: string };

/**
 * The reply form's files: each is uploaded as soon as it is picked (through the typed client, the
 * file itself as the body), listed with a button to take it off before posting; a file the service
 * refuses says why. On a public reply customers will see them; on an internal note only the team.
 */
export function CommentFilePicker({ api, files, onChange, disabled }: { api: SvcClient; files: PickedFile[]; onChange: (files: PickedFile[]) => void; disabled: boolean }) {
  const [sending, setSending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = Array.from(input.files ?? []);
    input.value = '';
    setProblem(null);
    if (files.length + chosen.length > MAX_COMMENT_FILES) return setProblem(`Attach at most ${MAX_COMMENT_FILES} files to one comment.`);
    let sent = files;
    for (const file of chosen) {
      setSending(file.name);
      const { data, error, response } = await api.POST('/v1/attachments', {
        params: { query: { filename: file.name } },
        body: file as never,
        bodySerializer: (raw: unknown) => raw as BodyInit,
        headers: { 'content-type': 'application/octet-stream' },
      });
      setSending(null);
      if (!data) return setProblem(`${file.name}: ${problemOf(error, response)}`);
      sent = [...sent, { id: data.id, name: data.filename }];
      onChange(sent);
    }
  };

  return (
    <div class="comment-files">
      <label for="comment-files">Files (optional)</label>
      <input
        id="comment-files"
        type="file"
        multiple
        onChange={(event) => void pick(event)}
        disabled={disabled || sending !== null}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'comment-files-problem' : undefined}
      />
      {sending ? <p class="upload-progress" role="status">Sending {sending}…</p> : null}
      {problem ? (
        <p class="problem" id="comment-files-problem" role="alert">{problem}</p>
      ) : null}
      {files.length ? (
        <ul class="files picked-files">
          {files.map((f) => (
            <li key={f.id}>
              {f.name}{' '}
              <button type="button" class="link-button" onClick={() => onChange(files.filter((x) => x.id !== f.id))} aria-label={`Remove ${f.name}`} disabled={disabled}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A comment's files, with the links the comments were read with (a quarter of an hour); an expired
 * one asks the service for a fresh link before opening.
 */
export function CommentFileLinks({ api, comment }: { api: SvcClient; comment: Comment }) {
  if (!comment.attachments.length) return null;
  const open = async (event: Event, id: string) => {
    const file = comment.attachments.find((a) => a.id === id)!;
    if (Date.parse(file.expiresAt) - Date.now() > 30_000) return;
    event.preventDefault();
    const { data } = await api.GET('/v1/attachments/{attachmentId}/link', { params: { path: { attachmentId: id } } });
    if (data) window.location.assign(data.url);
  };
  return (
    <ul class="files comment-files-list" aria-label="Files">
      {comment.attachments.map((a) => (
        <li key={a.id}>
          <a href={a.url} download={a.filename} onClick={(event) => void open(event, a.id)}>
            {a.filename}
          </a>{' '}
          <span class="meta">{sizeOf(a.size)}</span>
        </li>
      ))}
    </ul>
  );
}
