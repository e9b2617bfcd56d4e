/**
 * Reader-facing messages. The validation messages of seed-spec.md §5 are word for word.
 */
export const VALIDATION_MESSAGES = {
  required: 'Đây là thông tin bắt buộc',
  email: 'Hãy nhập thông tin email',
  password: 'Mật khẩu phải từ 6 tới 30 ký tự',
  username: 'Tài khoản từ 5 tới 20 ký tự, bao gồm chữ và số và một số ký tự đặc biệt - _ .',
  confirmPassword: 'mật khẩu không khớp',
} as const;

/** The API's error messages, by error code (see server/errors.ts for the status of each). */
export const ERROR_MESSAGES = {
  BAD_REQUEST: 'Yêu cầu không hợp lệ.',
  VALIDATION_FAILED: 'Thông tin gửi lên chưa hợp lệ, xin kiểm tra lại.',
  MALFORMED_JSON: 'Nội dung gửi lên không phải JSON hợp lệ.',
  UNAUTHENTICATED: 'Bạn cần đăng nhập để tiếp tục.',
  FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này.',
  NOT_FOUND: 'Không tìm thấy nội dung bạn yêu cầu.',
  API_ROUTE_NOT_FOUND: 'Không có địa chỉ API này.',
  METHOD_NOT_ALLOWED: 'Phương thức này không được hỗ trợ.',
  CONFLICT: 'Dữ liệu bị trùng với dữ liệu đã có.',
  PAYLOAD_TOO_LARGE: 'Nội dung gửi lên quá lớn (tối đa 1 MB).',
  UNSUPPORTED_MEDIA_TYPE: 'Kiểu nội dung gửi lên không được hỗ trợ.',
  TOO_MANY_REQUESTS: 'Bạn thao tác quá nhanh, xin thử lại sau ít phút.',
  BAD_GATEWAY: 'Không kết nối được với dịch vụ bên ngoài, xin thử lại sau.',
  INTERNAL: 'Đã có lỗi xảy ra ở máy chủ. Xin thử lại sau.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Texts of the error pages (seed-spec.md §8), with a Vietnamese sentence beside the spec's. */
export const ERROR_PAGE_TEXT = {
  notFound: 'This page could not be found',
  notFoundVi: 'Không tìm thấy trang bạn cần.',
  errorPageFailed: 'An error occurred while showing the error page',
  errorPageFailedVi: 'Đã có lỗi khi hiển thị trang báo lỗi.',
  unknownMiddleware: 'Unknown middleware',
  backHome: 'Về trang chủ',
} as const;
