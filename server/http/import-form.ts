import type { ImportUpload } from '#server/services/import.service.ts';

/**
 * The import form of the administration (its page and POST /admin/import) as plain values for
 * the import service: the files (read one at a time), "dry run", "as drafts" and the collection.
 */
export function importUploadOf(form: FormData): ImportUpload {
  const files = form
    .getAll('files')
    .filter((f): f is File => typeof f !== 'string' && f.size >= 0 && !!f.name)
    .map((file) => ({ name: file.name, bytes: async () => Buffer.from(await file.arrayBuffer()) }));
  return {
    files,
    dryRun: form.get('dryRun') === 'true',
    draft: form.get('draft') === 'true',
    collection:
      String(form.get('collection') ?? '')
        .trim()
        .slice(0, 200) || null,
  };
}
