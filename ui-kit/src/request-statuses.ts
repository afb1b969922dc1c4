// The service's own list (it has no imports), as the form rules are shared.
export { REQUEST_STATUSES } from '../../src/modules/customers/requests/status-words';
