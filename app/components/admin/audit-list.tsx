import { AUDIT_ACTION_LABELS, AUDIT_ITEM_LABELS, type AuditEntry } from '#common/contracts/admin.schema.ts';

const timeFormatter = new Intl.DateTimeFormat('vi-VN', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** Lines of the audit log: when, who, did what, to which item — and the detail. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="search-empty">Nhật ký chưa có dòng nào.</p>;
  return (
    <ol className="audit-list" data-testid="audit-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at}>{timeFormatter.format(new Date(entry.at))}</time>
          <span>
            <strong>{entry.actorName}</strong> {AUDIT_ACTION_LABELS[entry.action]} {AUDIT_ITEM_LABELS[entry.itemType]} “
            {entry.itemLabel}”{entry.detail ? <span className="audit-detail"> — {entry.detail}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
