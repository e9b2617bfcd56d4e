import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { AppError } from '#server/errors.ts';
import type {
  SmallUpload,
  StoredUpload,
  UploadedForm,
  UploadFormReader,
  UploadFormSpec,
} from '#server/media/uploaded-form.ts';

export const NOT_A_FORM = 'Nội dung gửi lên không phải biểu mẫu tệp hợp lệ (multipart/form-data).';

/**
 * Reads a multipart/form-data request as it arrives: large files go straight to media storage
 * (never whole in memory), the body is counted while it streams and stopped past `limitBytes`
 * (413), and whatever fails — too large, malformed, cut off — leaves no file behind.
 */
export async function readStreamedForm(request: Request, options: UploadFormSpec): Promise<UploadedForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
    throw new AppError('VALIDATION_FAILED', NOT_A_FORM);
  }
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
  // An honest Content-Length past the limit is refused before a byte is read.
  if (Number(request.headers.get('content-length') ?? 0) > options.limitBytes) throw tooLarge();

  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 6, fields: 40, fieldSize: 64 * 1024, parts: 50, headerPairs: 20 },
    });
  } catch {
    throw new AppError('VALIDATION_FAILED', NOT_A_FORM);
  }

  const fields: Record<string, string> = {};
  const stored: StoredUpload[] = [];
  const small: SmallUpload[] = [];
  const pending: Promise<unknown>[] = [];
  const open = new Set<Readable>();
  const started = new Set<string>();
  let failure: AppError | null = null;
  const fail = (error: AppError) => {
    failure ??= error;
    for (const stream of open) stream.destroy(error);
  };
  const discard = async () => {
    await Promise.all(stored.map((file) => options.media.remove(file.mediaName)));
  };

  parser.on('field', (name: string, value: string) => {
    if (!(name in fields)) fields[name] = value.normalize('NFC');
  });
  parser.on('file', (field: string, stream: Readable, rawName: string) => {
    const fileName = (rawName ?? '').normalize('NFC');
    const nameInStorage = options.storedFields[field];
    // One file per stored field: a second one under the same name is drained, not kept.
    if (nameInStorage && !started.has(field)) {
      started.add(field);
      const entry: StoredUpload = { field, fileName, mediaName: nameInStorage(), size: 0 };
      open.add(stream);
      pending.push(
        options.media
          .writeStream(entry.mediaName, stream)
          .then(
            (size) => {
              entry.size = size;
              stored.push(entry);
            },
            () => fail(failure ?? new AppError('VALIDATION_FAILED', NOT_A_FORM)),
          )
          .finally(() => open.delete(stream)),
      );
      return;
    }
    const max = options.smallFields[field];
    if (max === undefined || nameInStorage) {
      stream.resume(); // a field we do not take: drained, not kept
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    open.add(stream);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else if (!failure) {
        fail(new AppError('PAYLOAD_TOO_LARGE', `Tệp “${fileName}” quá lớn (tối đa ${Math.round(max / 1024)} KB).`));
      }
    });
    pending.push(
      once(stream, 'end')
        .then(() => {
          if (size <= max) small.push({ field, fileName, bytes: Buffer.concat(chunks) });
        })
        .catch(() => {})
        .finally(() => open.delete(stream)),
    );
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('finish', resolve);
    parser.on('error', reject);
  });
  parsed.catch(() => fail(new AppError('VALIDATION_FAILED', NOT_A_FORM)));

  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || failure) break;
      total += value.length;
      if (total > options.limitBytes) {
        fail(tooLarge());
        break;
      }
      if (!parser.write(value)) await Promise.race([once(parser, 'drain'), parsed]);
    }
  } catch {
    fail(new AppError('VALIDATION_FAILED', NOT_A_FORM));
  }
  if (failure) {
    await reader.cancel().catch(() => {});
    parser.destroy();
  } else {
    parser.end();
    await parsed.catch(() => {});
  }
  await Promise.all(pending);
  if (failure) {
    await discard();
    throw failure;
  }
  return { fields, stored, small, discard };
}

/** The reader a service of uploads is handed: this request's body, read by the service's spec. */
export function uploadFormOf(request: Request): UploadFormReader {
  return (spec) => readStreamedForm(request, spec);
}
