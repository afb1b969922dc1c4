/**
 * The seven words a customer reads for a request, in the order a request moves through them, with
 * their stable ids (spec, Request status). No imports: the service's schemas and both web
 * applications (through the UI kit) read this one list, so they cannot drift apart.
 */
export const REQUEST_STATUSES = [
  { id: 'open', label: 'Open' },
  { id: 'planned', label: 'Planned' },
  { id: 'in_progress', label: 'In progress' },
  { id: 'waiting_on_you', label: 'Waiting on you' },
  { id: 'completed', label: 'Completed' },
  { id: 'merged', label: 'Merged' },
  { id: 'closed', label: 'Closed' },
] as const;
