import { displayNameForCodehost } from '../requests/issue-body.js';

// What the issue comments of the work group use of attachments, through the one import allowed to
// climb there (.dependency-cruiser.cjs).
export { COMMENT_FILES_MAX, commentAttachmentIds, commentFiles } from './schemas.js';
export { attachmentService, type CommentFile } from './service.js';

/**
 * A comment's files as the code host shows them: a section the service appends after the words,
 * behind a hidden marker, linking each file to the service (the code host cannot read the store;
 * a member's sign-in gets a fresh link). Readers strip it: the portal and the team list the files
 * themselves, with fresh links (decision 0086).
 */
const FILES_MARKER = '<!-- svc:files -->';
// From the marker (with the blank lines before it) to the customer's attribution line, or the end.
const filesSection = /(?:\r?\n)*[ \t]*<!-- svc:files -->[\s\S]*?(?=\r?\n\r?\n---\r?\n\r?\n<sub>Posted by |$)/;

export type CodehostFileLink = { name: string; url: string };

/**
 * The text with its files' section. `named: false` (words that may not reach the code host,
 * codehost-exposure.ts) numbers the links instead of naming the files: a file's name is the
 * customer's words too.
 */
export function withCommentFiles(text: string, files: CodehostFileLink[], named = true): string {
  if (!files.length) return text;
  const links = named ? files.map((f) => `- [${displayNameForCodehost(f.name)}](${f.url})`).join('\n') : `Files (open with a member's sign-in): ${files.map((f, i) => `[${i + 1}](${f.url})`).join(', ')}`;
  return `${text}\n\n${FILES_MARKER}\n**Attached files**\n\n${links}`;
}

/** The text without the files' section the service appended (unchanged when there is none). */
export function withoutCommentFiles(body: string): string {
  return body.includes(FILES_MARKER) ? body.replace(filesSection, '') : body;
}
