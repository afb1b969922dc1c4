import { signInRoutes } from './auth/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { codehostRoutes } from './modules/codehost/routes.js';
import { codehostWebhookRoutes } from './modules/codehost/webhook-routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { issueRoutes } from './modules/issues/routes.js';
import { labelRoutes } from './modules/labels/routes.js';
import { memberRoutes } from './modules/members/routes.js';
import { milestoneRoutes } from './modules/milestones/routes.js';
import { viewRoutes } from './modules/views/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { portalRoutes } from './modules/portals/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { requestTypeRoutes } from './modules/request-types/routes.js';
import { customerRoutes } from './modules/portal-customers/routes.js';
import { portalApiRoutes } from './modules/portal-api/routes.js';
import { portalPreferencesRoutes } from './modules/portal-preferences/routes.js';
import { portalRequestRoutes } from './modules/portal-requests/routes.js';
import { customerDataRoutes } from './modules/customer-data/routes.js';
import { notificationRoutes } from './modules/request-notifications/routes.js';
import { attachmentRoutes } from './modules/attachments/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { chatWebhookRoutes } from './modules/chat-webhook/routes.js';
import { inboxRoutes } from './modules/notifications/routes.js';
import { requestRoutes } from './modules/requests/routes.js';
import { workspaceRoutes } from './modules/workspaces/routes.js';
import type { AnyRoute } from './http/route.js';

/**
 * Every operation of the API, as data. app.ts registers them; the security suites iterate this
 * table, so a route added here is covered by the role, scope and tenant matrix automatically.
 */
export const routeTable: AnyRoute[] = [
  ...signInRoutes,
  ...accountRoutes,
  ...workspaceRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...apiKeyRoutes,
  ...auditRoutes,
  ...codehostRoutes,
  ...codehostWebhookRoutes,
  ...issueRoutes,
  ...labelRoutes,
  ...milestoneRoutes,
  ...viewRoutes,
  ...projectRoutes,
  ...portalRoutes,
  ...requestTypeRoutes,
  ...companyRoutes,
  ...customerRoutes,
  ...requestRoutes,
  ...portalApiRoutes,
  ...portalPreferencesRoutes,
  ...portalRequestRoutes,
  ...customerDataRoutes,
  ...notificationRoutes,
  ...attachmentRoutes,
  ...billingRoutes,
  ...chatWebhookRoutes,
  ...inboxRoutes,
];
