/**
 * Reader-facing messages. The validation messages of product spec §5 are word for word.
 */
export const VALIDATION_MESSAGES = {
  required: 'Đây là thông tin bắt buộc',
  email: 'Hãy nhập thông tin email',
  password: 'Mật khẩu phải từ 6 tới 30 ký tự',
  username: 'Tài khoản từ 5 tới 20 ký tự, bao gồm chữ và số và một số ký tự đặc biệt - _ .',
  confirmPassword: 'mật khẩu không khớp',
  controlCharacters: 'Nội dung có ký tự điều khiển (như ký tự NUL) không được phép.',
} as const;

/** An address (path or query) holding a control character: refused before any route reads it. */
export const CONTROL_CHARACTERS_IN_ADDRESS = 'Địa chỉ có ký tự điều khiển (như ký tự NUL) không hợp lệ.';

/** A page form posted from another site (server/http/cross-site-posts.ts). */
export const CROSS_SITE_POST = 'Biểu mẫu này chỉ nhận được khi gửi từ chính trang Pháp Bảo.';

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
  SERVICE_UNAVAILABLE:
    'Máy chủ tạm thời chưa thể ghi nhận thao tác này. Xin thử lại sau ít phút; việc đọc vẫn bình thường.',
  INTERNAL: 'Đã có lỗi xảy ra ở máy chủ. Xin thử lại sau.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * Why a social login failed, as the callback tells the login page (`/login?error=<code>`): the page
 * shows only these fixed texts, never words from the address.
 */
export const LOGIN_ERROR_MESSAGES = {
  social_failed: 'Đăng nhập không thành công, xin thử lại.',
  expired: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn, xin thử lại.',
  provider_unreachable: 'Không kết nối được với dịch vụ đăng nhập, xin thử lại sau.',
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERROR_MESSAGES;

/** The message of a `?error=` code, or null for anything the callback does not send. */
export function loginErrorMessage(code: string | null): string | null {
  return code !== null && Object.hasOwn(LOGIN_ERROR_MESSAGES, code)
    ? LOGIN_ERROR_MESSAGES[code as LoginErrorCode]
    : null;
}

/**
 * Texts of the error pages (product spec §8): a Vietnamese heading, the spec's English sentence
 * below it on a 404, and advice that fits the status.
 */
export const ERROR_PAGE_TEXT = {
  notFound: 'This page could not be found',
  notFoundHeading: 'Không tìm thấy trang này',
  notFoundVi: 'Không tìm thấy trang bạn cần.',
  notFoundAdvice: 'Địa chỉ có thể đã gõ sai, hoặc trang đã được chuyển đi. Hãy thử tìm trong thư viện:',
  searchLabel: 'Tìm trong thư viện',
  forbiddenHeading: 'Bạn không mở được trang này',
  forbiddenDetail: 'Trang này chỉ dành cho những người được cấp quyền.',
  forbiddenAnonymous: 'Nếu bạn có tài khoản được cấp quyền, xin đăng nhập để mở trang.',
  forbiddenLoggedIn: (username: string) =>
    `Bạn đang đăng nhập với tài khoản “${username}”, tài khoản này chưa được cấp quyền. Nếu bạn có tài khoản khác được cấp quyền, xin đăng xuất rồi đăng nhập bằng tài khoản đó.`,
  unauthenticatedHeading: 'Bạn cần đăng nhập',
  login: 'Đăng nhập',
  badRequestHeading: 'Địa chỉ này không hợp lệ',
  badRequestAdvice: 'Xin kiểm tra lại địa chỉ, hoặc về trang chủ.',
  serverHeading: 'Đã có lỗi xảy ra',
  serverAdvice: 'Máy chủ gặp trục trặc khi mở trang này. Xin thử lại sau ít phút.',
  retry: 'Thử lại',
  errorPageFailed: 'An error occurred while showing the error page',
  errorPageFailedVi: 'Đã có lỗi khi hiển thị trang báo lỗi.',
  unknownMiddleware: 'Unknown middleware',
  backHome: 'Về trang chủ',
} as const;

/** Account recovery ("Quên mật khẩu?"): the pages and the API say the same. */
export const RECOVERY_MESSAGES = {
  // The same answer whether or not the address belongs to an account.
  sent: 'Nếu email này thuộc một tài khoản, chúng tôi đã gửi tới đó một liên kết để đặt mật khẩu mới. Liên kết dùng được một lần, trong 30 phút. Xin xem cả hộp thư rác.',
  invalidLink: 'Liên kết đặt lại mật khẩu không hợp lệ, đã được dùng hoặc đã hết hạn. Xin yêu cầu một liên kết mới.',
  tooMany: 'Đã có nhiều yêu cầu đặt lại mật khẩu. Xin đợi một giờ rồi thử lại.',
  unavailable:
    'Thư viện chưa cấu hình gửi thư nên chưa gửi được liên kết đặt lại mật khẩu. Xin liên hệ người quản lý thư viện.',
  done: 'Đã đặt mật khẩu mới. Các thiết bị khác đã được đăng xuất.',
} as const;
