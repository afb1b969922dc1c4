import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { world, userOctokit, type World } from './helpers.js';

const PROJECT_QUERY = /* GraphQL */ `
  query($org: String!, $number: Int!, $after: String) {
    organization(login: $org) {
      projectV2(number: $number) {
        id title number
        fields(first: 50) { nodes {
          __typename
          ... on ProjectV2FieldCommon { id name dataType }
          ... on ProjectV2SingleSelectField { options { id name color } }
          ... on ProjectV2IterationField { configuration { duration startDay iterations { id title startDate duration } } }
        } }
        items(first: 100, after: $after) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes {
            id type isArchived
            content {
              __typename
              ... on Issue { id number title issueType { name } subIssuesSummary { total completed percentCompleted } repository { nameWithOwner } }
              ... on PullRequest { id number title }
              ... on DraftIssue { id title }
            }
            fieldValues(first: 30) { nodes {
              __typename
              ... on ProjectV2ItemFieldTextValue { text field { ... on ProjectV2FieldCommon { name } } }
              ... on ProjectV2ItemFieldNumberValue { number field { ... on ProjectV2FieldCommon { name } } }
              ... on ProjectV2ItemFieldDateValue { date field { ... on ProjectV2FieldCommon { name } } }
              ... on ProjectV2ItemFieldSingleSelectValue { name optionId field { ... on ProjectV2FieldCommon { name } } }
              ... on ProjectV2ItemFieldIterationValue { title iterationId startDate duration }
              ... on ProjectV2ItemFieldLabelValue { labels(first: 10) { nodes { name } } }
              ... on ProjectV2ItemFieldUserValue { users(first: 10) { nodes { login } } }
              ... on ProjectV2ItemFieldMilestoneValue { milestone { title } }
              ... on ProjectV2ItemFieldRepositoryValue { repository { nameWithOwner } }
              ... on ProjectV2ItemFieldPullRequestValue { pullRequests(first: 5) { nodes { number } } }
              ... on ProjectV2ItemFieldReviewerValue { reviewers(first: 5) { nodes { ... on User { login } } } }
            } }
          }
        }
      }
    }
    rateLimit { cost remaining limit used resetAt }
  }`;

describe('GraphQL over GitHub\'s schema', () => {
  let w: World;
  let gql: (q: string, v?: Record<string, unknown>) => Promise<any>;
  let instId: number;
  beforeAll(async () => {
    w = await world({ seed: { seed: 7, issues: 60, comments: 60, itemsPerProject: 60, subIssueRatio: 0.4 } });
    instId = w.gh.seedResult!.installations[0]!.id;
    const o = await w.app.getInstallationOctokit(instId);
    gql = (q, v) => o.graphql(q, v);
  });
  afterAll(async () => { await w?.close(); });

  it('reads a project with fields of every kind, items of every content type and every field value kind', async () => {
    const r = await gql(PROJECT_QUERY, { org: 'org-1', number: 1 });
    const p = r.organization.projectV2;
    const types = new Set(p.fields.nodes.map((f: any) => f.dataType));
    for (const t of ['TITLE', 'ASSIGNEES', 'LABELS', 'MILESTONE', 'REPOSITORY', 'TEXT', 'NUMBER', 'DATE', 'SINGLE_SELECT', 'ITERATION']) expect(types).toContain(t);
    const iter = p.fields.nodes.find((f: any) => f.dataType === 'ITERATION');
    expect(iter.__typename).toBe('ProjectV2IterationField');
    expect(iter.configuration.iterations.length).toBe(3);
    const itemTypes = new Set(p.items.nodes.map((i: any) => i.type));
    expect(itemTypes).toEqual(new Set(['ISSUE', 'PULL_REQUEST', 'DRAFT_ISSUE', 'REDACTED'].filter((t) => itemTypes.has(t))));
    expect(itemTypes).toContain('ISSUE'); expect(itemTypes).toContain('DRAFT_ISSUE'); expect(itemTypes).toContain('REDACTED');
    const redacted = p.items.nodes.find((i: any) => i.type === 'REDACTED');
    expect(redacted.content).toBeNull();
    expect(redacted.fieldValues.nodes).toEqual([]);
    const kinds = new Set(p.items.nodes.flatMap((i: any) => i.fieldValues.nodes.map((v: any) => v.__typename)));
    for (const k of ['ProjectV2ItemFieldTextValue', 'ProjectV2ItemFieldNumberValue', 'ProjectV2ItemFieldDateValue', 'ProjectV2ItemFieldSingleSelectValue', 'ProjectV2ItemFieldIterationValue', 'ProjectV2ItemFieldLabelValue', 'ProjectV2ItemFieldUserValue', 'ProjectV2ItemFieldMilestoneValue', 'ProjectV2ItemFieldRepositoryValue', 'ProjectV2ItemFieldPullRequestValue', 'ProjectV2ItemFieldReviewerValue']) expect(kinds).toContain(k);
    expect(r.rateLimit.cost).toBeGreaterThanOrEqual(1);
    // fields(1) + items(1) + fieldValues(100) + labels/users/pullRequests/reviewers(4 x 100 x 30) = 12102 requests -> 121 points
    expect(r.rateLimit.cost).toBe(121);
    expect(r.rateLimit.remaining).toBe(r.rateLimit.limit - r.rateLimit.used);
  });

  it('paginates items with cursors', async () => {
    const q = `query($after: String) { organization(login: "org-1") { projectV2(number: 1) { items(first: 10, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id } } } } }`;
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r: any = await gql(q, { after });
      const c = r.organization.projectV2.items;
      ids.push(...c.nodes.map((n: any) => n.id));
      if (!c.pageInfo.hasNextPage) { expect(ids.length).toBe(c.totalCount); break; }
      after = c.pageInfo.endCursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps cursors stable when issues are created between pages', async () => {
    const q = `query($after: String) { repository(owner: "org-1", name: "repo-2") { issues(first: 5, after: $after, orderBy: {field: CREATED_AT, direction: DESC}) { pageInfo { endCursor } nodes { number } } } }`;
    const ten = await gql(q.replace('first: 5', 'first: 10'));
    const p1 = await gql(q);
    const o = await w.app.getInstallationOctokit(instId);
    await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-2', title: 'inserted at the top' });
    const p2 = await gql(q, { after: p1.repository.issues.pageInfo.endCursor });
    const expected = ten.repository.issues.nodes.slice(5).map((n: any) => n.number);
    expect(p2.repository.issues.nodes.map((n: any) => n.number)).toEqual(expected);
  });

  it('rejects fields GitHub lacks the way GitHub does, and requires first/last on connections', async () => {
    const err = await gql('query { repository(owner: "org-1", name: "repo-1") { id nonexistentField } }').catch((e) => e);
    expect(err.name).toBe('GraphqlResponseError');
    expect(err.errors[0].message).toBe("Field 'nonexistentField' doesn't exist on type 'Repository'");
    expect(err.errors[0].extensions.code).toBe('undefinedField');
    const e2 = await gql('query { repository(owner: "org-1", name: "repo-1") { issues { totalCount } } }').catch((e) => e);
    expect(e2.errors[0].type).toBe('MISSING_PAGINATION_BOUNDARIES');
    const e3 = await gql('query { repository(owner: "org-1", name: "repo-1") { issues(first: 101) { totalCount } } }').catch((e) => e);
    expect(e3.errors[0].type).toBe('EXCESSIVE_PAGINATION');
    const e4 = await gql('query { repository(owner: "outside-org", name: "hidden") { id } }').catch((e) => e);
    expect(e4.errors[0].type).toBe('NOT_FOUND');
    const e5 = await gql(`query { organization(login: "org-1") { projectsV2(first: 100) { nodes { items(first: 100) { nodes { fieldValues(first: 100) { totalCount } } } } } } }`).catch((e) => e);
    expect(e5.errors[0].type).toBe('MAX_NODE_LIMIT_EXCEEDED');
    const okq = await gql('query { repository(owner: "org-1", name: "repo-1") { issues(first: 10) { nodes { labels(first: 5) { totalCount } } } } rateLimit { cost nodeCount } }');
    expect(okq.rateLimit).toEqual({ cost: 1, nodeCount: 60 });
  });

  it('serves issues with labels, comments, issueType, subIssuesSummary and resolves node ids', async () => {
    const r = await gql(`query { repository(owner: "org-1", name: "repo-1") {
      issues(first: 50, states: [OPEN, CLOSED], orderBy: {field: UPDATED_AT, direction: ASC}) { totalCount nodes {
        id number title state stateReason issueType { id name color } subIssuesSummary { total completed percentCompleted }
        labels(first: 10) { nodes { id name color } } comments(first: 5) { totalCount nodes { id body author { login } } }
        assignees(first: 5) { nodes { login } } milestone { title number } parent { number }
      } } } }`);
    const nodes = r.repository.issues.nodes;
    expect(nodes.length).toBeGreaterThan(10);
    const updated = nodes.map((n: any) => n.number);
    expect(updated.length).toBe(new Set(updated).size);
    expect(nodes.some((n: any) => n.issueType)).toBe(true);
    expect(nodes.some((n: any) => n.subIssuesSummary.total > 0)).toBe(true);
    const withComment = nodes.find((n: any) => n.comments.totalCount > 0);
    const node = await gql('query($id: ID!) { node(id: $id) { __typename ... on IssueComment { body } } }', { id: withComment.comments.nodes[0].id });
    expect(node.node).toEqual({ __typename: 'IssueComment', body: withComment.comments.nodes[0].body });
    const types = await gql('query { organization(login: "org-1") { issueTypes(first: 10) { nodes { id name isEnabled } } } }');
    expect(types.organization.issueTypes.nodes.map((t: any) => t.name)).toEqual(['Task', 'Bug', 'Feature']);
    const prs = await gql('query { repository(owner: "org-1", name: "repo-1") { pullRequests(first: 10, states: [OPEN, CLOSED]) { totalCount nodes { number title state } } } }');
    const restPrs = (await (await w.app.getInstallationOctokit(instId)).paginate('GET /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', state: 'all', per_page: 100 })).filter((i) => i.pull_request);
    expect(prs.repository.pullRequests.totalCount).toBe(restPrs.length);
    const bad = await gql('query { node(id: "I_kwnope") { id } }').catch((e) => e);
    expect(bad.errors[0].type).toBe('NOT_FOUND');
  });

  it('mutates project items: add (idempotent), field values of each kind, clear, position, delete; workflow sets Status by webhook only', async () => {
    const { data: issue } = await (await w.app.getInstallationOctokit(instId)).request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', title: 'for the project' });
    const p = (await gql(PROJECT_QUERY, { org: 'org-1', number: 1 })).organization.projectV2;
    const add = `mutation($p: ID!, $c: ID!) { addProjectV2ItemById(input: {projectId: $p, contentId: $c}) { item { id fieldValues(first: 20) { nodes { __typename ... on ProjectV2ItemFieldSingleSelectValue { name } } } } } }`;
    const a1 = await gql(add, { p: p.id, c: issue.node_id });
    const a2 = await gql(add, { p: p.id, c: issue.node_id });
    expect(a2.addProjectV2ItemById.item.id).toBe(a1.addProjectV2ItemById.item.id);
    // the built-in workflow has not run inside the mutation
    expect(a1.addProjectV2ItemById.item.fieldValues.nodes.some((n: any) => n.name === 'Todo')).toBe(false);
    const itemId = a1.addProjectV2ItemById.item.id;
    await new Promise((r) => setTimeout(r, 30));
    await w.gh.control.webhooksIdle();
    const edited = w.receiver.received.filter((d) => d.event === 'projects_v2_item' && d.body.action === 'edited' && d.body.projects_v2_item.node_id === itemId);
    expect(edited.length).toBe(1);
    expect(edited[0]!.body.changes.field_value.field_name).toBe('Status');
    expect(edited[0]!.body.changes.field_value.to.name).toBe('Todo');
    expect(w.receiver.received.some((d) => d.event === 'projects_v2_item' && d.body.action === 'created' && d.body.projects_v2_item.node_id === itemId)).toBe(true);

    const field = (n: string) => p.fields.nodes.find((f: any) => f.name === n);
    const set = `mutation($p: ID!, $i: ID!, $f: ID!, $v: ProjectV2FieldValue!) { updateProjectV2ItemFieldValue(input: {projectId: $p, itemId: $i, fieldId: $f, value: $v}) { projectV2Item { id } } }`;
    await gql(set, { p: p.id, i: itemId, f: field('Priority').id, v: { singleSelectOptionId: field('Priority').options[0].id } });
    await gql(set, { p: p.id, i: itemId, f: field('Estimate').id, v: { number: 5 } });
    await gql(set, { p: p.id, i: itemId, f: field('Due').id, v: { date: '2025-06-01' } });
    await gql(set, { p: p.id, i: itemId, f: field('Notes').id, v: { text: 'hello' } });
    await gql(set, { p: p.id, i: itemId, f: field('Sprint').id, v: { iterationId: field('Sprint').configuration.iterations[1].id } });
    const badOpt = await gql(set, { p: p.id, i: itemId, f: field('Priority').id, v: { singleSelectOptionId: 'nope' } }).catch((e) => e);
    expect(badOpt.name).toBe('GraphqlResponseError');
    const vals = await gql(`query($id: ID!) { node(id: $id) { ... on ProjectV2Item { fieldValues(first: 30) { nodes { __typename
      ... on ProjectV2ItemFieldTextValue { text } ... on ProjectV2ItemFieldNumberValue { number } ... on ProjectV2ItemFieldDateValue { date }
      ... on ProjectV2ItemFieldSingleSelectValue { name } ... on ProjectV2ItemFieldIterationValue { title } } } } } }`, { id: itemId });
    const flat = vals.node.fieldValues.nodes;
    expect(flat).toEqual(expect.arrayContaining([{ __typename: 'ProjectV2ItemFieldNumberValue', number: 5 }, { __typename: 'ProjectV2ItemFieldDateValue', date: '2025-06-01' },
      { __typename: 'ProjectV2ItemFieldTextValue', text: 'hello' }, { __typename: 'ProjectV2ItemFieldIterationValue', title: 'Sprint 2' }, { __typename: 'ProjectV2ItemFieldSingleSelectValue', name: 'P0' }]));
    await gql(`mutation($p: ID!, $i: ID!, $f: ID!) { clearProjectV2ItemFieldValue(input: {projectId: $p, itemId: $i, fieldId: $f}) { projectV2Item { id } } }`, { p: p.id, i: itemId, f: field('Notes').id });
    const after = await gql(`query($id: ID!) { node(id: $id) { ... on ProjectV2Item { fieldValueByName(name: "Notes") { __typename } } } }`, { id: itemId });
    expect(after.node.fieldValueByName).toBeNull();
    const moved = await gql(`mutation($p: ID!, $i: ID!) { updateProjectV2ItemPosition(input: {projectId: $p, itemId: $i}) { items(first: 1) { nodes { id } } } }`, { p: p.id, i: itemId });
    expect(moved.updateProjectV2ItemPosition.items.nodes[0].id).toBe(itemId);
    await gql(`mutation($p: ID!, $i: ID!) { archiveProjectV2Item(input: {projectId: $p, itemId: $i}) { item { isArchived } } }`, { p: p.id, i: itemId });
    const un = await gql(`mutation($p: ID!, $i: ID!) { unarchiveProjectV2Item(input: {projectId: $p, itemId: $i}) { item { isArchived } } }`, { p: p.id, i: itemId });
    expect(un.unarchiveProjectV2Item.item.isArchived).toBe(false);
    const del = await gql(`mutation($p: ID!, $i: ID!) { deleteProjectV2Item(input: {projectId: $p, itemId: $i}) { deletedItemId } }`, { p: p.id, i: itemId });
    expect(del.deleteProjectV2Item.deletedItemId).toBe(itemId);
    await w.gh.control.webhooksIdle();
    const actions = w.receiver.received.filter((d) => d.event === 'projects_v2_item' && d.body.projects_v2_item.node_id === itemId).map((d) => d.body.action);
    expect(actions).toEqual(['created', 'edited', 'edited', 'edited', 'edited', 'edited', 'edited', 'edited', 'reordered', 'archived', 'restored', 'deleted']);
    expect(w.violations).toEqual([]);
  });

  it('changes issue type and sub-issues via mutations and delivers typed / sub_issues webhooks', async () => {
    const o = await w.app.getInstallationOctokit(instId);
    const { data: parent } = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', title: 'parent' });
    const { data: child } = await o.request('POST /repos/{owner}/{repo}/issues', { owner: 'org-1', repo: 'repo-1', title: 'child' });
    const types = await gql('query { organization(login: "org-1") { issueTypes(first: 10) { nodes { id name } } } }');
    const bug = types.organization.issueTypes.nodes.find((t: any) => t.name === 'Bug');
    const r = await gql('mutation($i: ID!, $t: ID) { updateIssueIssueType(input: {issueId: $i, issueTypeId: $t}) { issue { issueType { name } } } }', { i: parent.node_id, t: bug.id });
    expect(r.updateIssueIssueType.issue.issueType.name).toBe('Bug');
    const s = await gql('mutation($i: ID!, $s: ID!) { addSubIssue(input: {issueId: $i, subIssueId: $s}) { issue { subIssuesSummary { total completed percentCompleted } } } }', { i: parent.node_id, s: child.node_id });
    expect(s.addSubIssue.issue.subIssuesSummary).toEqual({ total: 1, completed: 0, percentCompleted: 0 });
    await o.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'org-1', repo: 'repo-1', issue_number: child.number, state: 'closed' });
    const rest = await o.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'org-1', repo: 'repo-1', issue_number: parent.number });
    expect(rest.data.sub_issues_summary).toEqual({ total: 1, completed: 1, percent_completed: 100 });
    await w.gh.control.webhooksIdle();
    const ev = w.receiver.received.map((d) => `${d.event}.${d.body.action}`);
    expect(ev).toContain('issues.typed');
    expect(ev).toContain('sub_issues.sub_issue_added');
    expect(ev).toContain('sub_issues.parent_issue_added');
    expect(w.violations).toEqual([]);
  });

  it('answers RATE_LIMITED when the GraphQL budget is spent, separately from REST', async () => {
    w.gh.control.setBudget({ resource: 'graphql', installationId: instId, limit: 100, remaining: 0 });
    const err = await gql('query { viewer { login } }').catch((e) => e);
    expect(err.errors[0].type).toBe('RATE_LIMITED');
    const o = await w.app.getInstallationOctokit(instId);
    const rest = await o.request('GET /repos/{owner}/{repo}/labels', { owner: 'org-1', repo: 'repo-1' });
    expect(rest.headers['x-ratelimit-resource']).toBe('core');
    expect(Number(rest.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
    w.gh.control.setBudget({ resource: 'graphql', installationId: instId, limit: 5000, remaining: 5000 });
  });

  it('lets a user token see only projects and repositories the person can see', async () => {
    const carol = userOctokit(w.gh, 'carol');
    const e: any = await carol.graphql('query { organization(login: "org-1") { projectV2(number: 1) { id } } }').catch((x: unknown) => x);
    expect(e.errors[0].type).toBe('NOT_FOUND');
    const alice = userOctokit(w.gh, 'alice');
    const ok: any = await alice.graphql('query { viewer { login } organization(login: "org-1") { projectV2(number: 1) { title } } }');
    expect(ok.viewer.login).toBe('alice');
    expect(ok.organization.projectV2.title).toBe('Roadmap 1');
  });
});
