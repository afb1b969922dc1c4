import { eq } from 'drizzle-orm';
import { codehostInstallations } from '../../db/schema/index.js';
import type { Applier } from './context.js';
import { markRemoved } from './repository-access.js';
import { permissionsOf } from '../../codehost/installation-permissions.js';

/**
 * `installation`: suspend and unsuspend set the connection's `suspended` (reads keep working from
 * the cache; the code host refuses the app's requests meanwhile). `deleted` (the app was
 * uninstalled) removes the connection, so the workspace shows as not connected and may connect
 * another installation, and marks every repository removed: their cached issues stay readable
 * until the nightly cleanup. Every action that carries the installation keeps its permissions as
 * GitHub says them (`new_permissions_accepted` is an owner accepting more), for the settings page.
 */
export const applyInstallation: Applier = async (ctx) => {
  const action = ctx.delivery.action;
  const row = eq(codehostInstallations.id, ctx.installation.id);
  const permissions = permissionsOf(ctx.delivery.payload?.installation?.permissions);
  switch (action) {
    case 'suspend':
    case 'unsuspend':
      await ctx.tx.update(codehostInstallations).set({ suspended: action === 'suspend', ...(permissions ? { permissions } : {}), updatedAt: new Date() }).where(row);
      return 'applied';
    case 'deleted':
      await markRemoved(ctx.tx, ctx.workspaceId);
      await ctx.tx.delete(codehostInstallations).where(row);
      return 'applied';
    case 'new_permissions_accepted':
      await ctx.tx.update(codehostInstallations).set({ ...(permissions ? { permissions } : {}), updatedAt: new Date() }).where(row);
      return 'applied';
    default:
      return 'ignored';
  }
};

