import type pg from 'pg';
import type { StoredFormField } from '../../src/db/schema/index.js';
import { withCommentVisibility } from '../../src/modules/work/issues/comment-visibility.js';
import { customerCommentBody } from '../../src/modules/customers/requests/issue-body.js';

/**
 * What a request's page and the form builder draw at their largest, written with SQL beside
 * bench/support/request-seed.ts's requests: a request type of 30 questions (the spec's maximum) of
 * every kind, and one request of that type, answered in full, whose issue has a long conversation
 * in the comment cache, stored as the service's own writes leave it.
 */
export const TYPE_NAME = 'Thirty questions';
const KINDS: StoredFormField['type'][] = ['text', 'textarea', 'select', 'checkbox', 'email', 'url', 'number', 'date'];
const BOT = { id: 900001, login: 'svc-bench[bot]', avatarUrl: null, type: 'Bot' };

/** Question k of the 30: kinds in turn, a third required, choices for the selects, help on every other one. */
function question(k: number): StoredFormField {
  const type = KINDS[k % KINDS.length];
  return {
    key: `question_${k + 1}`,
    label: `Question ${k + 1}: ${['What happened', 'Where you saw it', 'Your plan', 'Can we contact you', 'Who to write to', 'A page that shows it', 'How many people', 'Since when'][k % KINDS.length]}`,
    type,
    required: k % 3 === 0,
    options: type === 'select' ? Array.from({ length: 3 + (k % 6) }, (_, o) => `Choice ${o + 1}`) : [],
    helpText: k % 2 === 0 ? 'Say it as you would to a colleague: what you expected, and what you saw instead.' : null,
  };
}

function answer(field: StoredFormField, k: number): string {
  switch (field.type) {
    case 'textarea':
      return `It started after the last update.\nThe export stops half way and the file is empty.\nAnswer ${k + 1}.`;
    case 'select':
      return field.options[k % field.options.length];
    case 'checkbox':
      return 'true';
    case 'email':
      return `person${k}@example.test`;
    case 'url':
      return `https://example.test/reports/${k}`;
    case 'number':
      return String(10 + k);
    case 'date':
      return '2025-03-01';
    default:
      return `A line of words for answer ${k + 1}`;
  }
}

/** Comment k's words: one to four paragraphs, with a list, inline code, a link or a code block among them. */
function words(k: number): string {
  const parts = [
    `Thanks for the details. We looked at the export of **report ${k}** and can see the timeout in our logs.`,
    'Steps we tried:\n\n1. Open the dashboard\n2. Choose *Export* and the last 90 days\n3. Wait for the file',
    `The request that fails is \`GET /reports/${k}/export\`; see [the status page](https://status.example.test) for the incident.`,
    '```\nError: export timed out after 30000 ms\n    at exportReport (export.js:120)\n```',
    'It works again on our side; could you try once more and tell us what you see?',
  ];
  return parts.slice(0, 1 + (k % 4)).concat(k % 5 === 3 ? [parts[3]] : []).join('\n\n');
}

/** The 30-question type in `portalId`, sending to `repositoryId`; its id. */
export async function seedRequestType(pool: pg.Pool, workspaceId: string, portalId: string, repositoryId: string): Promise<string> {
  const form = Array.from({ length: 30 }, (_, k) => question(k));
  const { rows } = await pool.query<{ id: string }>(
    `insert into request_types (id, workspace_id, portal_id, name, description, form, repository_id, destination, status_map, position)
     values (gen_random_uuid(), $1, $2, $3, 'Every kind of question, as many as a form may have.', $4::jsonb, $5,
             '{"labels": [], "projectNodeId": null, "initialFieldValues": {}, "issueType": null}'::jsonb, '[]'::jsonb, 0)
     returning id`,
    [workspaceId, portalId, TYPE_NAME, JSON.stringify(form), repositoryId],
  );
  return rows[0].id;
}

/**
 * Makes the newest filed request of `portalId` one of type `typeId` with every question answered,
 * and gives its issue `count` comments, oldest first, in turn: a customer's comment through the
 * portal (public), the member's public reply, the member's internal note (both written through the
 * service, so the member may edit them) and a comment made on GitHub by someone else (internal).
 */
export async function seedConversation(pool: pg.Pool, options: { workspaceId: string; portalId: string; typeId: string; memberUserId: string; count: number }) {
  const { workspaceId, portalId, typeId, memberUserId, count } = options;
  const request = (
    await pool.query<{ id: string; requester_id: string; repository_id: string; number: number; created_at: Date }>(
      `select r.id, r.requester_id, i.repository_id, i.number, r.created_at
         from requests r join issues i on i.workspace_id = r.workspace_id and i.node_id = r.issue_node_id
        where r.portal_id = $1 and r.state = 'filed' order by r.created_at desc limit 1`,
      [portalId],
    )
  ).rows[0];
  const form = (await pool.query<{ form: StoredFormField[] }>('select form from request_types where id = $1', [typeId])).rows[0].form;
  await pool.query('update requests set request_type_id = $2, values = $3::jsonb where id = $1', [request.id, typeId, JSON.stringify(Object.fromEntries(form.map((f, k) => [f.key, answer(f, k)])))]);
  // Customers of the portal who write in: the requester and a few others.
  const customers = (
    await pool.query<{ id: string; name: string; company: string | null; portal: string }>(
      `select c.id, u.name, co.name as company, p.name as portal
         from portal_customers c join portal_auth_users u on u.id = c.user_id join portals p on p.id = c.portal_id left join companies co on co.id = c.company_id
        where c.portal_id = $1 order by c.id = $2 desc, c.id limit 4`,
      [portalId, request.requester_id],
    )
  ).rows;
  const rows = Array.from({ length: count }, (_, k) => {
    const kind = (['customer', 'reply', 'note', 'github'] as const)[k % 4];
    const customer = customers[k % customers.length];
    const text = words(k);
    const body =
      kind === 'customer'
        ? withCommentVisibility(customerCommentBody(text, { name: customer.name, company: customer.company, portalName: customer.portal }), 'public')
        : kind === 'reply'
          ? withCommentVisibility(text, 'public')
          : text;
    const author = kind === 'github' ? { id: 1000 + (k % 7), login: `user-${k % 7}`, avatarUrl: null, type: 'User' } : BOT;
    return { kind, codehostId: 800_000_000 + k, body, author, customerId: kind === 'customer' ? customer.id : null, at: new Date(request.created_at.getTime() + (k + 1) * 37 * 60_000) };
  });
  await pool.query(
    `insert into comments (id, workspace_id, repository_id, issue_number, codehost_id, node_id, body, author, html_url, created_at, codehost_updated_at)
     select gen_random_uuid(), $1, $2, $3::int, c.codehost_id, 'IC_' || c.codehost_id, c.body, c.author, 'https://github.com/bench/app/issues/' || $3::int || '#issuecomment-' || c.codehost_id, c.at, c.at
       from unnest($4::bigint[], $5::text[], $6::jsonb[], $7::timestamptz[]) as c(codehost_id, body, author, at)`,
    [workspaceId, request.repository_id, request.number, rows.map((r) => r.codehostId), rows.map((r) => r.body), rows.map((r) => JSON.stringify(r.author)), rows.map((r) => r.at)],
  );
  // The service's own writes: every comment but GitHub's; the member's replies and notes are theirs.
  const written = rows.filter((r) => r.kind !== 'github');
  await pool.query(
    `insert into service_comments (id, workspace_id, repository_id, codehost_comment_id, author_user_id, posted_as)
     select gen_random_uuid(), $1, $2, c.codehost_id, c.author_user_id, 'app' from unnest($3::bigint[], $4::uuid[]) as c(codehost_id, author_user_id)`,
    [workspaceId, request.repository_id, written.map((r) => r.codehostId), written.map((r) => (r.kind === 'customer' ? null : memberUserId))],
  );
  const fromCustomers = rows.filter((r) => r.customerId);
  await pool.query(
    `insert into portal_comments (id, workspace_id, request_id, customer_id, repository_id, codehost_comment_id, created_at)
     select gen_random_uuid(), $1, $2, c.customer_id, $3, c.codehost_id, c.at from unnest($4::uuid[], $5::bigint[], $6::timestamptz[]) as c(customer_id, codehost_id, at)`,
    [workspaceId, request.id, request.repository_id, fromCustomers.map((r) => r.customerId), fromCustomers.map((r) => r.codehostId), fromCustomers.map((r) => r.at)],
  );
  await pool.query('update issues set comments_count = $3 where repository_id = $1 and number = $2', [request.repository_id, request.number, count]);
  return { requestId: request.id };
}
