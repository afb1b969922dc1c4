/**
 * GraphQL speed: paging a 2,000-item project (100 items per page with field values and issue content) and
 * 100-issue repository pages, over HTTP with an installation token.  npx tsx bench/emulator-graphql.ts
 */
import { createEmulator } from '../emulator/index.js';

const { emulator, control } = createEmulator();
control.seed({ seed: 1, orgs: 1, reposPerOrg: 5, issues: 20000, comments: 20000, itemsPerProject: 2000 });
control.setBudget({ resource: 'graphql', limit: 1e9 });
control.setLimits({ graphqlPointsPerMinute: 1e9 });
await emulator.listen(0);
const { token } = control.installationToken(emulator.store.data.installations[0]!.id);
const post = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await fetch(`${emulator.base}/graphql`, { method: 'POST', headers: { authorization: `token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const j = (await r.json()) as { data: any; errors?: unknown[] };
  if (j.errors) throw new Error(JSON.stringify(j.errors));
  return j.data;
};
const items = `query($after: String) { organization(login: "org-1") { projectV2(number: 1) { items(first: 100, after: $after) {
  pageInfo { hasNextPage endCursor }
  nodes { id type content { ... on Issue { id number title issueType { name } subIssuesSummary { total completed } projectItems(first: 5) { totalCount } } }
    fieldValues(first: 30) { nodes { __typename ... on ProjectV2ItemFieldSingleSelectValue { name optionId } ... on ProjectV2ItemFieldTextValue { text }
      ... on ProjectV2ItemFieldNumberValue { number } ... on ProjectV2ItemFieldDateValue { date } ... on ProjectV2ItemFieldIterationValue { iterationId } } } } } } } }`;
let after: string | null = null, pages = 0;
const t0 = performance.now();
for (;;) {
  const d = await post(items, { after });
  pages++;
  const c = d.organization.projectV2.items;
  if (!c.pageInfo.hasNextPage) break;
  after = c.pageInfo.endCursor;
}
const projectMs = (performance.now() - t0) / pages;
const issues = 'query { repository(owner: "org-1", name: "repo-1") { issues(first: 100, orderBy: {field: UPDATED_AT, direction: ASC}) { nodes { id number title labels(first: 10) { nodes { name } } assignees(first: 5) { nodes { login } } issueType { name } subIssuesSummary { total completed percentCompleted } } } } }';
const t1 = performance.now();
for (let i = 0; i < 30; i++) await post(issues);
const issuesMs = (performance.now() - t1) / 30;
console.log(JSON.stringify({ bench: 'emulator GraphQL', projectItemPages: pages, msPerProjectPage: Math.round(projectMs * 10) / 10, msPerIssuesPage: Math.round(issuesMs * 10) / 10 }, null, 2));
await emulator.close();
