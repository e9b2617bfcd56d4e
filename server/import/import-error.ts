/**
 * A file the importer refuses, with the reason a volunteer can act on (Vietnamese). Thrown by the
 * readers of each format; the import service turns it into a "failed" line of the summary.
 */
export class ImportRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusal';
  }
}

export function isImportRefusal(error: unknown): error is ImportRefusal {
  return error instanceof ImportRefusal;
}
