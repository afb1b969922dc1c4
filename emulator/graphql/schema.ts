/** GitHub's published GraphQL schema (@octokit/graphql-schema), extended where it lags GitHub. */
import { readFileSync } from 'node:fs';
import { pkgFile } from '../pkgfile.js';
import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * Extensions. @octokit/graphql-schema 15.x predates GitHub's issue types. The shapes below follow GitHub's
 * GraphQL reference (docs.github.com/graphql/reference: objects#issuetype, enums#issuetypecolor,
 * objects#issue field `issueType`, objects#organization field `issueTypes`, mutations#updateissueissuetype,
 * input-objects#createissueinput field `issueTypeId`, input-objects#updateissueinput field `issueTypeId`).
 */
export const EXTENSIONS = /* GraphQL */ `
"Represents the type of Issue."
type IssueType implements Node {
  color: IssueTypeColor!
  description: String
  id: ID!
  isEnabled: Boolean!
  name: String!
}
"The possible color for an issue type"
enum IssueTypeColor { BLUE GRAY GREEN ORANGE PINK PURPLE RED YELLOW }
type IssueTypeConnection { edges: [IssueTypeEdge] nodes: [IssueType] pageInfo: PageInfo! totalCount: Int! }
type IssueTypeEdge { cursor: String! node: IssueType }
enum IssueTypeOrderField { CREATED_AT NAME }
input IssueTypeOrder { direction: OrderDirection! field: IssueTypeOrderField! }
extend type Issue { "The issue type for this Issue" issueType: IssueType }
extend type Organization {
  "Returns a single issue type by name"
  issueType(name: String!): IssueType
  "A list of the organization's issue types"
  issueTypes(after: String, before: String, first: Int, last: Int, orderBy: IssueTypeOrder = {field: CREATED_AT, direction: ASC}): IssueTypeConnection
}
extend type Repository {
  "A list of the repository's issue types"
  issueTypes(after: String, before: String, first: Int, last: Int, orderBy: IssueTypeOrder = {field: CREATED_AT, direction: ASC}): IssueTypeConnection
}
input UpdateIssueIssueTypeInput { clientMutationId: String issueId: ID! issueTypeId: ID }
type UpdateIssueIssueTypePayload { clientMutationId: String issue: Issue }
extend type Mutation { "Update an issue's issue type" updateIssueIssueType(input: UpdateIssueIssueTypeInput!): UpdateIssueIssueTypePayload }
extend input CreateIssueInput { issueTypeId: ID }
extend input UpdateIssueInput { issueTypeId: ID }
`;

let cached: GraphQLSchema | null = null;
export function githubSchema(): GraphQLSchema {
  if (cached) return cached;
  const file = pkgFile('@octokit/graphql-schema', 'schema.graphql');
  const sdl = readFileSync(file, 'utf8');
  cached = buildSchema(sdl + '\n' + EXTENSIONS, { assumeValidSDL: true });
  return cached;
}
