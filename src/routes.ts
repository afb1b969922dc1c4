import { emailChangeRoutes, signInRoutes } from './auth/routes.js';
import { accountRoutes } from './modules/workspace/accounts/routes.js';
import { apiKeyRoutes } from './modules/workspace/api-keys/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { codehostRoutes } from './modules/integrations/codehost/routes.js';
import { codehostWebhookRoutes } from './modules/integrations/codehost/webhook-routes.js';
import { invitationRoutes } from './modules/workspace/invitations/routes.js';
import { issueRoutes } from './modules/work/issues/routes.js';
import { eventRoutes } from './modules/work/events/routes.js';
import { labelRoutes } from './modules/work/labels/routes.js';
import { memberRoutes } from './modules/workspace/members/routes.js';
import { milestoneRoutes } from './modules/work/milestones/routes.js';
import { viewRoutes } from './modules/work/views/routes.js';
import { projectRoutes } from './modules/work/projects/routes.js';
import { portalRoutes } from './modules/customers/portals/routes.js';
import { companyRoutes } from './modules/customers/companies/routes.js';
import { requestTypeRoutes } from './modules/customers/request-types/routes.js';
import { customerRoutes } from './modules/customers/portal-customers/routes.js';
import { portalApiRoutes } from './modules/customers/portal-api/routes.js';
import { portalPreferencesRoutes } from './modules/customers/portal-preferences/routes.js';
import { portalRequestRoutes } from './modules/customers/portal-requests/routes.js';
import { participantRoutes } from './modules/customers/request-participants/routes.js';
import { satisfactionRoutes } from './modules/customers/satisfaction/routes.js';
import { customerDataRoutes } from './modules/customers/customer-data/routes.js';
import { notificationRoutes } from './modules/customers/request-notifications/routes.js';
import { attachmentRoutes } from './modules/customers/attachments/routes.js';
import { billingRoutes } from './modules/workspace/billing/routes.js';
import { chatWebhookRoutes } from './modules/customers/chat-webhook/routes.js';
import { inboxRoutes } from './modules/work/notifications/routes.js';
import { requestRoutes } from './modules/customers/requests/routes.js';
import { workspaceRoutes } from './modules/workspace/workspaces/routes.js';
import type { AnyRoute } from './http/route.js';

/**
 * Every operation of the API, as data. app.ts registers them; the security suites iterate this
 * table, so a route added here is covered by the role, scope and tenant matrix automatically.
 */
export const routeTable: AnyRoute[] = [
  ...signInRoutes,
  ...emailChangeRoutes,
  ...accountRoutes,
  ...workspaceRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...apiKeyRoutes,
  ...auditRoutes,
  ...codehostRoutes,
  ...codehostWebhookRoutes,
  ...issueRoutes,
  ...eventRoutes,
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
  ...participantRoutes,
  ...satisfactionRoutes,
  ...customerDataRoutes,
  ...notificationRoutes,
  ...attachmentRoutes,
  ...billingRoutes,
  ...chatWebhookRoutes,
  ...inboxRoutes,
];
