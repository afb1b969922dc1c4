import type { StatusId } from '../../../db/schema/index.js';
import { derivedStatus } from './status.js';
import type { RequestRecord, requestStore } from './store.js';

type Cards = Awaited<ReturnType<typeof requestStore.cardsOf>>;

/** A request's derived status from its record and its issue's cards (`requestStore.cardsOf`). */
export function statusOf(record: RequestRecord, cards: Cards): StatusId {
  const issue =
    record.issueId && record.issueState
      ? {
          state: record.issueState,
          stateReason: record.issueStateReason,
          labels: record.issueLabels ?? [],
          hasMilestone: record.issueHasMilestone === true,
          cards: cards.get(record.issueNodeId!) ?? [],
        }
      : null;
  return derivedStatus({ held: record.state === 'held', rejected: record.state === 'rejected', issue }, record.statusMap ?? []);
}
