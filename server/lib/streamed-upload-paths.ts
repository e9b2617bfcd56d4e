/**
 * Requests whose multipart body is read as it streams, counted against UPLOAD_MAX_MB by
 * `readStreamedForm` itself: the app's 1 MB / 5 MB body limits would refuse a talk or a video.
 */
const STREAMED_UPLOAD_PATHS = [
  /^\/api\/v1\/admin\/talks$/,
  /^\/api\/v1\/admin\/talk\/\d+\/transcript$/,
  /^\/api\/v1\/admin\/videos$/,
  /^\/api\/v1\/admin\/video\/\d+\/(poster|transcript)$/,
  // The administration pages' uploads (posted by XMLHttpRequest, with the session cookie).
  /^\/quan-tri\/phap-am\/tai-len$/,
  /^\/quan-tri\/video\/tai-len$/,
];

export function isStreamedUploadPath(path: string): boolean {
  return STREAMED_UPLOAD_PATHS.some((pattern) => pattern.test(path));
}

/** The import call and form: whole files (books, talks) up to UPLOAD_MAX_MB in one body. */
export function isImportPath(path: string): boolean {
  return path === '/api/v1/admin/import' || path === '/quan-tri/nhap';
}

/** Requests whose body may take long to arrive: no request timeout cuts them. */
export function isUploadPath(path: string): boolean {
  return isStreamedUploadPath(path) || isImportPath(path);
}
