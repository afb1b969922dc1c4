/**
 * A comment's files are attachments (customers/attachments): the issue comment routes take them,
 * list them with fresh links, and link them from the comment on the code host (decision 0086).
 */
export * from '../../customers/attachments/comment-files.js';
