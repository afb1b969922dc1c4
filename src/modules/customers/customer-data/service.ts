import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { portalScopedEmail } from '../../../auth/portal-identity.js';
import type { PortalCustomer } from '../../../auth/portal-session.js';
import { cacheWriter } from '../../../cache/cache-writer.js';
import { issueCache } from '../../../cache/issue-cache.js';
import { commentRow, issueRow, type GitHubComment, type GitHubIssue } from '../../../codehost/mapping.js';
import { ApiError } from '../../../platform/errors.js';
import type { Services } from '../../../services.js';
import { customerActorOf, recordAudit } from '../../audit/recorder.js';
import { preferencesStore } from '../portal-preferences/store.js';
import { writeAsApp } from '../../integrations/codehost/authored-write.js';
import { attachmentService } from '../attachments/service.js';
import { codehostClientOf, writableInstallation } from '../../work/issues/write-guard.js';
import { writeStore } from '../../work/issues/write-store.js';
import type { PortalRow } from '../portals/schemas.js';
import { displayNameForCodehost } from '../requests/issue-body.js';
import { customerDataStore } from './store.js';

export const DELETED_CUSTOMER = 'a deleted customer';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A text the service wrote for this customer on the code host, with them taken out: the
 * attribution line names "a deleted customer" (their company goes too), their name elsewhere in
 * it likewise, and their address is removed wherever it appears. Unchanged when there is nothing
 * of theirs in it.
 */
export function withoutCustomer(body: string, customer: { name: string; email: string }): string {
  const name = escapeRegExp(displayNameForCodehost(customer.name));
  const attribution = new RegExp(`(<sub>(?:Submitted|Posted) by )\\*\\*${name}\\*\\*(?: \\([^)\\n]*\\))?( through )`, 'g');
  const withoutLine = body.replace(attribution, `$1**${DELETED_CUSTOMER}**$2`).replace(new RegExp(escapeRegExp(customer.email), 'gi'), '[address removed]');
  // Their name in their own answers and comments (as a whole word, so a short name leaves other words alone).
  const raw = customer.name.trim();
  return raw.length < 2 ? withoutLine : withoutLine.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(raw)}(?![\\p{L}\\p{N}])`, 'giu'), DELETED_CUSTOMER);
}

/** A refusal because the object is gone from the code host: nothing left to rewrite there. */
const goneFromCodehost = (error: unknown) => error instanceof ApiError && [404, 410].includes(Number((error.detail as { codehostStatus?: number } | undefined)?.codehostStatus));

export const customerDataService = {
  /** Everything the service holds about the customer, as one JSON document. */
  async export(services: Services, portal: PortalRow, customer: PortalCustomer) {
    const db = services.database.db;
    const profile = await customerDataStore.profile(db, customer.id);
    const comments = await customerDataStore.comments(db, customer.id);
    return {
      exportedAt: new Date().toISOString(),
      portal: { name: portal.name, host: `${portal.slug}.${services.config.portalDomain}` },
      profile: { id: profile.id, name: profile.name, email: profile.email, role: profile.role as 'customer' | 'manager', company: profile.company, createdAt: profile.created_at },
      preferences: await preferencesStore.read(db, customer.id),
      requests: (await customerDataStore.requests(db, customer.id)).map((r) => ({
        reference: r.reference,
        title: r.title,
        values: r.values,
        visibility: r.visibility as 'private' | 'company' | 'public',
        state: r.state as 'held' | 'rejected' | 'filed',
        createdAt: r.created_at,
      })),
      comments: comments.map((c) => ({ reference: c.reference, body: c.body, createdAt: c.created_at })),
      votes: (await customerDataStore.votes(db, customer.id)).map((v) => ({ reference: v.reference, createdAt: v.created_at })),
      subscriptions: (await customerDataStore.subscriptions(db, customer.id)).map((x) => ({ reference: x.reference, createdAt: x.created_at })),
      ratings: (await customerDataStore.ratings(db, customer.id)).map((g) => ({ reference: g.reference, askedAt: g.asked_at, rating: g.rating, comment: g.comment, ratedAt: g.rated_at })),
      participations: (await customerDataStore.participations(db, customer.id)).map((x) => ({ reference: x.reference, addedAt: x.added_at })),
      attachments: (await customerDataStore.attachments(db, customer.id)).map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        size: Number(a.size),
        reference: a.reference,
        attachedTo: a.on_comment ? ('comment' as const) : a.reference ? ('request' as const) : null,
        download: attachmentService.link(services, a),
      })),
      sessions: (await customerDataStore.sessions(db, customer.userId)).map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at, ipAddress: s.ip_address, userAgent: s.user_agent })),
    };
  },

  /**
   * Erases the person. First the code host: the attribution lines the service wrote into their
   * requests' issues and their comments are rewritten through the lane (one write each; an issue
   * or comment deleted there meanwhile is skipped). A failure of the code host stops here and
   * erases nothing yet, so the customer can try again. Then, in one transaction, everything the
   * service holds of them. Their requests and the issues stay, by "a deleted customer".
   */
  async erase(services: Services, portal: PortalRow, customer: PortalCustomer, requestId: string, log: FastifyBaseLogger) {
    const db = services.database.db;
    const who = { name: customer.name, email: customer.email };
    const client = services.codehost ? codehostClientOf(services) : null;

    for (const issue of await customerDataStore.filedIssues(db, customer.id)) {
      const body = issue.body ?? '';
      const next = withoutCustomer(body, who);
      if (next === body || !client) continue;
      const target = await writeStore.issue(db, portal.workspaceId, issue.issue_id);
      if (!target) continue;
      const installationId = writableInstallation(target);
      try {
        const answer = await writeAsApp(services, client, installationId, 'removing a deleted customer from an issue', async (octokit) => {
          const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', { owner: target.ownerLogin, repo: target.name, issue_number: target.number, body: next });
          return data as GitHubIssue;
        });
        await db.transaction(async (tx) => {
          await issueCache.lockCodehostIssue(tx, target.repositoryId, Number(answer.id));
          await cacheWriter.issues(tx, { workspaceId: portal.workspaceId, repositoryId: target.repositoryId }, [issueRow(answer)]);
        });
      } catch (error) {
        if (!goneFromCodehost(error)) throw error;
        log.warn({ issueId: issue.issue_id }, 'an issue of an erased customer is gone from the code host; nothing to rewrite');
      }
    }

    const sealedRewrites: Array<{ id: string; body: string }> = [];
    for (const comment of await customerDataStore.comments(db, customer.id)) {
      const body = comment.body ?? '';
      const next = withoutCustomer(body, who);
      if (next === body) continue;
      // Words kept here are rewritten with the rest of the erasure; the code host's placeholder names nobody.
      if (comment.sealed) {
        sealedRewrites.push({ id: comment.portal_comment_id, body: next });
        continue;
      }
      if (!client) continue;
      const repo = await writeStore.repository(db, portal.workspaceId, comment.repository_id);
      if (!repo) continue;
      const installationId = writableInstallation(repo);
      try {
        const answer = await writeAsApp(services, client, installationId, 'removing a deleted customer from a comment', async (octokit) => {
          const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: repo.ownerLogin, repo: repo.name, comment_id: comment.codehost_comment_id, body: next });
          return data as GitHubComment;
        });
        await db.transaction((tx) => cacheWriter.comments(tx, { workspaceId: portal.workspaceId, repositoryId: repo.repositoryId }, [commentRow(answer)]));
      } catch (error) {
        if (!goneFromCodehost(error)) throw error;
        log.warn({ commentId: comment.id }, 'a comment of an erased customer is gone from the code host; nothing to rewrite');
      }
    }

    const scoped = portalScopedEmail(portal.id, customer.email);
    const needles = [...new Set([customer.name, displayNameForCodehost(customer.name), customer.email, scoped])].filter((n) => n.length > 0);
    await db.transaction(async (tx) => {
      for (const rewrite of sealedRewrites) await customerDataStore.rewriteSealedComment(tx, rewrite.id, rewrite.body);
      await customerDataStore.erase(tx, {
        workspaceId: portal.workspaceId,
        customerId: customer.id,
        userId: customer.userId,
        needles,
        replacement: DELETED_CUSTOMER,
        erasedEmail: `erased-${customer.id}@erased.invalid`,
        erasedIdentity: portalScopedEmail(portal.id, `erased-${uuidv7()}@erased.invalid`),
      });
      await recordAudit(tx, {
        workspaceId: portal.workspaceId,
        action: 'portal_customer.erased',
        actor: customerActorOf({ id: customer.id, portalId: portal.id, name: DELETED_CUSTOMER }),
        target: { type: 'portal_customer', id: customer.id },
        requestId,
      });
    });
    // Their sessions are gone: this process must refuse them from its next request, before the
    // triggers' notification comes back.
    services.credentials.cache.clear();
  },
};
