import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/pool.js';
import { issues, labels, projectFields, projects, repositories, requestTypes } from '../../../db/schema/index.js';
import type { RequestTypeRow } from './schemas.js';

export type NewRequestType = Omit<RequestTypeRow, 'createdAt' | 'updatedAt'>;
export type RequestTypeChange = Partial<Omit<NewRequestType, 'id' | 'workspaceId' | 'portalId'>>;

const withRepository = { type: requestTypes, repositoryFullName: repositories.fullName, repositoryPrivate: repositories.private, repositoryHtmlUrl: repositories.htmlUrl };

export const requestTypeStore = {
  /** The portal's types in the order offered, each with its repository's full name. */
  async list(tx: Executor, portalId: string) {
    return tx
      .select(withRepository)
      .from(requestTypes)
      .leftJoin(repositories, eq(repositories.id, requestTypes.repositoryId))
      .where(eq(requestTypes.portalId, portalId))
      .orderBy(asc(requestTypes.position), asc(requestTypes.createdAt), asc(requestTypes.id));
  },

  async find(tx: Executor, portalId: string, requestTypeId: string) {
    const [row] = await tx
      .select(withRepository)
      .from(requestTypes)
      .leftJoin(repositories, eq(repositories.id, requestTypes.repositoryId))
      .where(and(eq(requestTypes.id, requestTypeId), eq(requestTypes.portalId, portalId)));
    return row ?? null;
  },

  async nextPosition(tx: Executor, portalId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${requestTypes.position}) + 1, 0)::int` })
      .from(requestTypes)
      .where(eq(requestTypes.portalId, portalId));
    return Math.min(row?.next ?? 0, 999);
  },

  async insert(tx: Executor, row: NewRequestType): Promise<RequestTypeRow> {
    const [created] = await tx.insert(requestTypes).values(row).returning();
    return created;
  },

  async update(tx: Executor, requestTypeId: string, change: RequestTypeChange): Promise<RequestTypeRow> {
    const [row] = await tx.update(requestTypes).set({ ...change, updatedAt: new Date() }).where(eq(requestTypes.id, requestTypeId)).returning();
    return row;
  },

  async remove(tx: Executor, requestTypeId: string): Promise<void> {
    await tx.delete(requestTypes).where(eq(requestTypes.id, requestTypeId));
  },

  // What a destination is checked against: the cache.

  async repository(tx: Executor, workspaceId: string, repositoryId: string) {
    const [row] = await tx
      .select()
      .from(repositories)
      .where(and(eq(repositories.id, repositoryId), eq(repositories.workspaceId, workspaceId)));
    return row ?? null;
  },

  async labelNames(tx: Executor, repositoryId: string): Promise<string[]> {
    const rows = await tx.select({ name: labels.name }).from(labels).where(eq(labels.repositoryId, repositoryId));
    return rows.map((r) => r.name);
  },

  async project(tx: Executor, workspaceId: string, projectNodeId: string) {
    const [row] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), eq(projects.nodeId, projectNodeId)));
    return row ?? null;
  },

  async fields(tx: Executor, workspaceId: string, projectId: string) {
    return tx
      .select()
      .from(projectFields)
      .where(and(eq(projectFields.workspaceId, workspaceId), eq(projectFields.projectId, projectId)));
  },

  /** Issue type names the cache has seen on issues of the owner's repositories. */
  async issueTypeNames(tx: Executor, workspaceId: string, ownerLogin: string): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ name: sql<string>`${issues.issueType}->>'name'` })
      .from(issues)
      .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
      .where(and(eq(issues.workspaceId, workspaceId), eq(repositories.ownerLogin, ownerLogin), sql`${issues.issueType} is not null`));
    return rows.map((r) => r.name).filter(Boolean);
  },
};
