/** One file part of a form: its field, file name, content and (when it matters) its type. */
export type FilePart = [field: string, name: string, content: Uint8Array | string, type?: string];

/** A multipart form as a browser sends it: the text fields first, then the files. */
export function multipartForm(fields: Record<string, string>, files: FilePart[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [field, name, content, type] of files) {
    form.append(field, new File([content as BlobPart], name, type ? { type } : {}));
  }
  return form;
}
