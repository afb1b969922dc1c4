import { useState } from 'preact/hooks';
import { sizeOf } from '@svc/ui-kit';
import { upload, type Comment } from '../api';

/** As on a request: at most this many files on one comment. */
export const MAX_COMMENT_FILES = 10;

export type PickedFile = { id: string; name: string };

/**
 * The comment form's files: each is sent as soon as it is picked (with its progress), listed with a
 * button to take it off again before the comment goes, and a file that cannot be sent says why.
 */
export function CommentFilePicker({ files, onChange, disabled }: { files: PickedFile[]; onChange: (files: PickedFile[]) => void; disabled: boolean }) {
  const [progress, setProgress] = useState<{ name: string; sent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const chosen = Array.from(input.files ?? []);
    input.value = '';
    setProblem(null);
    if (files.length + chosen.length > MAX_COMMENT_FILES) return setProblem(`Attach at most ${MAX_COMMENT_FILES} files to one comment.`);
    let sent = files;
    for (const file of chosen) {
      setProgress({ name: file.name, sent: 0 });
      const uploaded = await upload(file, (part) => setProgress({ name: file.name, sent: part }));
      setProgress(null);
      if ('problem' in uploaded) return setProblem(uploaded.problem);
      sent = [...sent, { id: uploaded.id, name: file.name }];
      onChange(sent);
    }
  };

  return (
    <div class="comment-files">
      <label for="comment-files">Files (optional; images, PDFs or text files)</label>
      <input
        id="comment-files"
        type="file"
        multiple
        onChange={(event) => void pick(event)}
        disabled={disabled || progress !== null}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'comment-files-problem' : undefined}
      />
      {progress ? (
        <p class="upload-progress">
          <label for="comment-files-progress">Sending {progress.name}</label>{' '}
          <progress id="comment-files-progress" max={1} value={progress.sent}>{Math.round(progress.sent * 100)}%</progress>
        </p>
      ) : null}
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
 * A comment's files. Their links were made when the comments were read and work for a quarter of an
 * hour: an expired one reads the comments again for fresh links before opening.
 */
export function CommentFileLinks({ comment, refresh }: { comment: Comment; refresh: () => Promise<Comment[]> }) {
  if (!comment.attachments.length) return null;
  const open = async (event: Event, id: string) => {
    const file = comment.attachments.find((a) => a.id === id)!;
    if (Date.parse(file.expiresAt) - Date.now() > 30_000) return;
    event.preventDefault();
    const fresh = (await refresh()).find((c) => c.id === comment.id)?.attachments.find((a) => a.id === id);
    if (fresh) window.location.assign(fresh.url);
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
