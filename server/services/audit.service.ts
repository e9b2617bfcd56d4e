import type { AuditPage, AuditQuery } from '#common/contracts/admin.schema.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import type { AuditAction, AuditItemType } from '#server/db/schema.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';

/**
 * How an edit is logged: a change of state is a publication or its withdrawal; anything else is
 * an update. `after` undefined means the edit left the state alone.
 */
export function auditActionForEdit(before: string, after: string | undefined): AuditAction {
  if (after === undefined || after === before) return 'update';
  return after === 'published' ? 'publish' : 'unpublish';
}

/** Who acted: a person of the library, or a command run at the server (no account). */
export type AuditActor = Pick<User, 'displayName'> & { id: number | null };

export interface AuditEvent {
  action: AuditAction;
  itemType: AuditItemType;
  itemId: number | null;
  /** What a person reads in the log: the book's title, the talk's name… */
  label: string;
  detail?: string | null;
}

/**
 * Writes one line of the audit log — in the caller's transaction, so the log says exactly what
 * was done: a change that rolls back leaves no line.
 */
export async function recordAudit(
  repos: Repositories,
  actor: AuditActor,
  event: AuditEvent,
  at = new Date(),
): Promise<void> {
  await repos.audit.insert({
    actor_id: actor.id,
    actor_name: actor.displayName,
    action: event.action,
    item_type: event.itemType,
    item_id: event.itemId,
    item_label: event.label.slice(0, 300),
    detail: event.detail ? event.detail.slice(0, 1000) : null,
    created_at: at.toISOString(),
  });
}

/** The audit log, for admins. */
export function createAuditService(deps: { repos: Repositories }) {
  return {
    async list(actor: User, query: AuditQuery): Promise<AuditPage> {
      requireAdmin(actor);
      const { rows, total } = await deps.repos.audit.page({
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
        itemType: query.itemType,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          actorName: r.actor_name,
          action: r.action,
          itemType: r.item_type,
          itemId: r.item_id,
          itemLabel: r.item_label,
          detail: r.detail,
          at: r.created_at,
        })),
        total,
        page: query.page,
        perPage: query.perPage,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
