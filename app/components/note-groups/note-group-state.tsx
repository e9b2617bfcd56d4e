import type { NoteGroup } from '#common/contracts/note-group.schema.ts';

type StateKey = 'private' | 'pending' | 'approved' | 'rejected' | 'featured';

const STATE_LABELS: Record<StateKey, string> = {
  private: 'Riêng tư',
  pending: 'Chờ duyệt',
  approved: 'Đã duyệt (công khai)',
  rejected: 'Bị từ chối',
  featured: 'Nổi bật',
};

/** Where a group stands: private, waiting for a moderator, public, rejected, or featured by a moderator. */
export function noteGroupStateOf(group: Pick<NoteGroup, 'isPublic' | 'moderationState' | 'featured'>): StateKey {
  if (!group.isPublic || group.moderationState === 'none') return 'private';
  if (group.moderationState === 'approved') return group.featured ? 'featured' : 'approved';
  return group.moderationState;
}

export function NoteGroupStateBadge({
  group,
}: {
  group: Pick<NoteGroup, 'isPublic' | 'moderationState' | 'featured'>;
}) {
  const state = noteGroupStateOf(group);
  return (
    <span className="note-group-badge" data-state={state} data-testid="note-group-state">
      {STATE_LABELS[state]}
    </span>
  );
}
