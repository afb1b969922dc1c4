/**
 * The GraphQL documents of Projects (v2). GraphQL is used here because one request returns a page
 * of 100 cards with their content and every field value, which over REST would take one request
 * per card. Connections ask for 100 (GitHub's maximum): a page of items with 100 values each still
 * costs one point.
 */

const fieldOfValue = `field { ... on ProjectV2FieldCommon { id dataType } }`;

export const ITEM_FIELDS = `
fragment ItemFields on ProjectV2Item {
  id type isArchived updatedAt
  content {
    __typename
    ... on Issue { id number title issueState: state repository { nameWithOwner } }
    ... on PullRequest { id number title pullRequestState: state repository { nameWithOwner } }
    ... on DraftIssue { id title }
  }
  fieldValues(first: 100) {
    nodes {
      __typename
      ... on ProjectV2ItemFieldTextValue { text ${fieldOfValue} }
      ... on ProjectV2ItemFieldNumberValue { number ${fieldOfValue} }
      ... on ProjectV2ItemFieldDateValue { date ${fieldOfValue} }
      ... on ProjectV2ItemFieldSingleSelectValue { optionId name color ${fieldOfValue} }
      ... on ProjectV2ItemFieldIterationValue { iterationId title startDate duration ${fieldOfValue} }
    }
  }
}`;

const PROJECT_FIELDS = `
fragment ProjectFields on ProjectV2 {
  id number title closed url updatedAt
  owner { ... on Organization { login } ... on User { login } }
  fields(first: 100) {
    nodes {
      __typename
      ... on ProjectV2FieldCommon { id name dataType }
      ... on ProjectV2SingleSelectField { options { id name color description } }
      ... on ProjectV2IterationField {
        configuration {
          iterations { id title startDate duration }
          completedIterations { id title startDate duration }
        }
      }
    }
  }
}`;

export const projectsPageQuery = (ownerKind: 'organization' | 'user') => `
query ProjectsPage($login: String!, $after: String) {
  owner: ${ownerKind}(login: $login) {
    projectsV2(first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ProjectFields }
    }
  }
}
${PROJECT_FIELDS}`;

export const projectQuery = `
query OneProject($id: ID!) {
  node(id: $id) { ... on ProjectV2 { ...ProjectFields } }
}
${PROJECT_FIELDS}`;

export const itemsPageQuery = `
query ItemsPage($project: ID!, $after: String) {
  node(id: $project) {
    ... on ProjectV2 {
      items(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ...ItemFields }
      }
    }
  }
}
${ITEM_FIELDS}`;

export const itemQuery = `
query OneItem($id: ID!) {
  node(id: $id) { ... on ProjectV2Item { ...ItemFields project { id } } }
}
${ITEM_FIELDS}`;

export const addItemMutation = `
mutation AddItem($project: ID!, $content: ID!) {
  addProjectV2ItemById(input: { projectId: $project, contentId: $content }) { item { ...ItemFields } }
}
${ITEM_FIELDS}`;

export const deleteItemMutation = `
mutation DeleteItem($project: ID!, $item: ID!) {
  deleteProjectV2Item(input: { projectId: $project, itemId: $item }) { deletedItemId }
}`;

export const setFieldMutation = `
mutation SetField($project: ID!, $item: ID!, $field: ID!, $value: ProjectV2FieldValue!) {
  updateProjectV2ItemFieldValue(input: { projectId: $project, itemId: $item, fieldId: $field, value: $value }) {
    projectV2Item { ...ItemFields }
  }
}
${ITEM_FIELDS}`;

export const clearFieldMutation = `
mutation ClearField($project: ID!, $item: ID!, $field: ID!) {
  clearProjectV2ItemFieldValue(input: { projectId: $project, itemId: $item, fieldId: $field }) {
    projectV2Item { ...ItemFields }
  }
}
${ITEM_FIELDS}`;

export const moveItemMutation = `
mutation MoveItem($project: ID!, $item: ID!, $after: ID) {
  updateProjectV2ItemPosition(input: { projectId: $project, itemId: $item, afterId: $after }) { clientMutationId }
}`;
