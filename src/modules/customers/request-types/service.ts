import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../../auth/access.js';
import { invalidRequest, notFound } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { actorOf, recordAudit } from '../../audit/recorder.js';
import { portalService } from '../portals/service.js';
import { checkedDestination, checkedForm, checkedStatusMap } from './destination.js';
import { labelOfStatusId, presentRequestType, type ChangeRequestTypeBody, type CreateRequestTypeBody, type RequestTypeRow } from './schemas.js';
import { requestTypeStore } from './store.js';

type WorkspaceAuth = AuthContext & { workspace: NonNullable<AuthContext['workspace']> };

const auditShape = (t: RequestTypeRow) => ({
  portalId: t.portalId,
  name: t.name,
  description: t.description,
  form: t.form,
  repositoryId: t.repositoryId,
  destination: t.destination,
  statusMap: t.statusMap,
  position: t.position,
});

export const requestTypeService = {
  async list(services: Services, auth: WorkspaceAuth, portalId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const rows = await requestTypeStore.list(services.database.db, portal.id);
    return { data: rows.map((r) => presentRequestType(r.type, { fullName: r.repositoryFullName, private: r.repositoryPrivate })) };
  },

  async create(services: Services, auth: WorkspaceAuth, portalId: string, input: CreateRequestTypeBody, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const { row, repository } = await services.database.db.transaction(async (tx) => {
      const form = checkedForm(input.form);
      const target = await checkedDestination(tx, portal.workspaceId, input.destination);
      const statusMap = checkedStatusMap(input.statusMap, target.projectFields, target.destination.projectNodeId !== null);
      const created = await requestTypeStore.insert(tx, {
        id: uuidv7(),
        workspaceId: portal.workspaceId,
        portalId: portal.id,
        name: input.name,
        description: input.description,
        form,
        repositoryId: target.repositoryId,
        destination: target.destination,
        statusMap,
        position: input.position ?? (await requestTypeStore.nextPosition(tx, portal.id)),
      });
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request_type.created',
        actor: actorOf(auth),
        target: { type: 'request_type', id: created.id },
        after: auditShape(created),
        requestId,
      });
      const { repositoryFullName, repositoryPrivate } = (await requestTypeStore.find(tx, portal.id, created.id))!;
      return { row: created, repository: { fullName: repositoryFullName, private: repositoryPrivate } };
    });
    return presentRequestType(row, repository);
  },

  /** The type after the change is checked whole: a new destination re-checks the status rules, and the reverse. */
  async change(services: Services, auth: WorkspaceAuth, portalId: string, requestTypeId: string, input: ChangeRequestTypeBody, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    const { row, repository } = await services.database.db.transaction(async (tx) => {
      const found = await requestTypeStore.find(tx, portal.id, requestTypeId);
      if (!found) throw notFound('request type');
      const before = found.type;
      if (!input.destination && !before.repositoryId) {
        throw invalidRequest('The destination repository left the cache (access lost); send a whole destination.', { field: 'destination' });
      }
      const destinationInput = input.destination ?? {
        repositoryId: before.repositoryId!,
        labels: before.destination.labels,
        projectNodeId: before.destination.projectNodeId,
        initialFieldValues: before.destination.initialFieldValues as never,
        issueType: before.destination.issueType,
      };
      const target = await checkedDestination(tx, portal.workspaceId, destinationInput);
      const statusMap = input.statusMap
        ? checkedStatusMap(input.statusMap, target.projectFields, target.destination.projectNodeId !== null)
        : checkedStatusMap(
            before.statusMap.map((rule) => ({ when: rule.when, status: labelOfStatusId(rule.status) })),
            target.projectFields,
            target.destination.projectNodeId !== null,
          );
      const after = await requestTypeStore.update(tx, requestTypeId, {
        name: input.name ?? before.name,
        description: input.description !== undefined ? input.description : before.description,
        form: input.form ? checkedForm(input.form) : before.form,
        repositoryId: target.repositoryId,
        destination: target.destination,
        statusMap,
        position: input.position ?? before.position,
      });
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request_type.changed',
        actor: actorOf(auth),
        target: { type: 'request_type', id: requestTypeId },
        before: auditShape(before),
        after: auditShape(after),
        requestId,
      });
      const { repositoryFullName, repositoryPrivate } = (await requestTypeStore.find(tx, portal.id, requestTypeId))!;
      return { row: after, repository: { fullName: repositoryFullName, private: repositoryPrivate } };
    });
    return presentRequestType(row, repository);
  },

  /** Requests of this type keep their data; their `requestType` reads null. */
  async remove(services: Services, auth: WorkspaceAuth, portalId: string, requestTypeId: string, requestId: string) {
    const portal = await portalService.get(services, auth, portalId);
    await services.database.db.transaction(async (tx) => {
      const found = await requestTypeStore.find(tx, portal.id, requestTypeId);
      if (!found) throw notFound('request type');
      await requestTypeStore.remove(tx, requestTypeId);
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'request_type.deleted',
        actor: actorOf(auth),
        target: { type: 'request_type', id: requestTypeId },
        before: auditShape(found.type),
        requestId,
      });
    });
  },
};

