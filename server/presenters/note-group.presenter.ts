import type { ModerationEvent, NoteGroup, PublicNoteGroup } from '#common/contracts/note-group.schema.ts';
import { noteListPath } from '#common/paths.ts';
import type { ModerationEventRow, NoteGroupRow } from '#server/repositories/note-group.repository.ts';

export function presentNoteGroup(row: NoteGroupRow): NoteGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    noteCount: row.note_count,
    isPublic: row.visibility === 'public',
    moderationState: row.moderation_state,
    moderationReason: row.moderation_reason,
    featured: row.featured_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    approvedAt: row.approved_at,
    publicPath: noteListPath(row.owner_user_name, row.id),
  };
}

export function presentPublicNoteGroup(row: NoteGroupRow): PublicNoteGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    noteCount: row.note_count,
    authorName: row.owner_display_name,
    authorUserName: row.owner_user_name,
    featured: row.featured_at !== null,
    approvedAt: row.approved_at,
    path: noteListPath(row.owner_user_name, row.id),
  };
}

export function presentModerationEvent(row: ModerationEventRow): ModerationEvent {
  return { action: row.action, reason: row.reason, actorName: row.actor_display_name, at: row.created_at };
}
