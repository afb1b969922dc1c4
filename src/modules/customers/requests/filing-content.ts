import type { StoredFormField } from '../../../db/schema/index.js';
import { customerWordsMayReachCodehost, sealedRequestIssue } from './codehost-exposure.js';
import { requestIssueBody, type Attribution } from './issue-body.js';

export interface FilingContent {
  title: string;
  body: string;
  /** Filed as its reference only: the customer's words stay in the service. */
  sealedOnCodehost: boolean;
  /** The body with every answer, as filed in full: its length is held to the limit either way. */
  fullBody: string;
}

/**
 * What a request's issue says on the code host, on submission and on release from the hold queue
 * alike: the customer's title, answers, files and attribution where they may go there, the
 * reference alone where they may not. A repository no longer in the cache counts as public (the
 * filing then stops on the missing destination, before any write).
 */
export function filingContent(input: {
  portal: { id: string; name: string; access: string };
  requestType: { name: string; form: StoredFormField[]; repositoryPrivate: boolean | null };
  request: { id: string; reference: string; title: string; values: Record<string, string>; visibility: 'private' | 'company' | 'public' };
  who: Attribution;
  files: Array<{ name: string; url: string }>;
}): FilingContent {
  const { portal, requestType, request } = input;
  const repository = { private: requestType.repositoryPrivate === true };
  const fullBody = requestIssueBody(requestType.form, request.values, input.who, request.reference, input.files);
  if (customerWordsMayReachCodehost({ repository, visibility: request.visibility, portal })) {
    return { title: request.title, body: fullBody, sealedOnCodehost: false, fullBody };
  }
  const sealed = sealedRequestIssue({ reference: request.reference, requestTypeName: requestType.name, portalName: portal.name, portalId: portal.id, requestId: request.id, visibility: request.visibility, fileUrls: input.files.map((f) => f.url) });
  return { ...sealed, sealedOnCodehost: true, fullBody };
}
