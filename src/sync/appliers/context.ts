import type { Tx } from '../../db/pool.js';
import { runStatement, selectList, statement } from '../../db/prepared.js';
import { repositories } from '../../db/schema/index.js';
import type { ActivityActor } from '../../modules/work/activity/recorder.js';
import type { InstallationRow, RepositoryRow } from '../../modules/integrations/codehost/store.js';
import type { Services } from '../../services.js';

/** One webhook delivery as GitHub sent it: `X-GitHub-Delivery`, `X-GitHub-Event` and the parsed body. */
export interface WebhookDelivery {
  id: string;
  event: string;
  action: string | null;
  // Payload shapes differ per event; each applier reads the fields of its own event.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

export interface ApplyContext {
  tx: Tx;
  services: Services;
  delivery: WebhookDelivery;
  /** The connection the delivery's `installation.id` belongs to. */
  installation: InstallationRow;
  workspaceId: string;
  /**
   * The workspace's record of the payload's `repository` (null: not known), read with the
   * delivery's claim to save a round trip; a repository of another id is looked up.
   */
  repository?: { codehostId: number; row: RepositoryRow | null };
}

/** `applied`: the cache or the connection changed (or was already current); `queued`: a job will do it; `ignored`: nothing of ours. */
export type ApplyOutcome = 'applied' | 'queued' | 'ignored';
export type Applier = (ctx: ApplyContext) => Promise<ApplyOutcome>;

interface SenderPayload {
  sender?: { login?: string; id?: number } | null;
}

/** The person (or bot) whose change on the code host the delivery reports. */
export function codehostActor(payload: SenderPayload): ActivityActor {
  return { type: 'codehost', login: payload.sender?.login ?? null, id: payload.sender?.id ?? null };
}

const REPOSITORY = statement(`select ${selectList(repositories, 'r')} from repositories r where r.workspace_id = $1 and r.codehost_id = $2`);

/** The workspace's record of a code-host repository, whatever its sync state. */
export async function knownRepository(ctx: ApplyContext, codehostRepositoryId: number | undefined): Promise<RepositoryRow | null> {
  if (codehostRepositoryId === undefined) return null;
  if (ctx.repository && ctx.repository.codehostId === Number(codehostRepositoryId)) return ctx.repository.row;
  const { rows } = await runStatement<RepositoryRow>(ctx.tx, REPOSITORY, [ctx.workspaceId, Number(codehostRepositoryId)]);
  return rows[0] ?? null;
}

/** The repository when its issues are mirrored (sync on, access not lost); otherwise its events are ignored. */
export async function mirroredRepository(ctx: ApplyContext, codehostRepositoryId: number | undefined): Promise<RepositoryRow | null> {
  const row = await knownRepository(ctx, codehostRepositoryId);
  return row && row.syncEnabled && !row.removed ? row : null;
}
