/**
 * Every `code` the API answers in its error body `{ message, error, code }` (STYLE §4). AppError takes
 * only these, so a new code is added here first; the web compares against the same list.
 */
export const ERROR_CODES = [
  // Any route: the error handler's answers for requests, schemas and the platform.
  'BAD_REQUEST',
  'CONFLICT',
  'FORBIDDEN',
  'INVALID_JSON',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'ROUTE_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'TOO_MANY_REQUESTS',
  'UNAUTHORIZED',
  'UNKNOWN_ERROR',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
  // The database error normaliser (customer-side.md §8).
  'DATABASE_ERROR',
  'DUPLICATE_ERROR',
  'REFERENCE_ERROR',
  'VALIDATION_ERROR',
  // Accounts and sessions.
  'ACCOUNT_DISABLED',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'INVALID_CURRENT_PASSWORD',
  'INVALID_RESET_TOKEN',
  'INVALID_DELETE_TOKEN',
  'INVALID_VERIFICATION_TOKEN',
  'ROLES_CHANGED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'TOO_MANY_ATTEMPTS',
  'USER_EXISTS',
  'USER_NOT_FOUND',
  // In the sign-in catalogue of customer-side.md §8, so the web names them; the API answers
  // INVALID_CREDENTIALS instead, which does not tell whether the e-mail has an account.
  'EMAIL_NOT_FOUND',
  'INCORRECT_PASSWORD',
  // Catalogue, images and uploads.
  'BRAND_NOT_FOUND',
  'CATALOG_NOT_FOUND',
  'CATEGORY_NOT_FOUND',
  'IMAGE_NOT_FOUND',
  'IMAGE_REQUIRED',
  'IMAGE_TOO_LARGE',
  'INVALID_IMAGE_PATH',
  'INVALID_IMAGE_TYPE',
  'INVALID_PARENT',
  'MALFORMED_UPLOAD',
  'SPREADSHEET_REQUIRED',
  'SPREADSHEET_UNREADABLE',
  'SPREADSHEET_TOO_LARGE',
  'SPREADSHEET_TOO_MANY_ROWS',
  'MENU_ITEM_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'SIZE_NOT_FOUND',
  'SLIDE_NOT_FOUND',
  // Cart and orders.
  'IDEMPOTENCY_KEY_INVALID',
  'INSUFFICIENT_STOCK',
  'INVOICE_NOT_ISSUED',
  'SHIPMENT_NOT_NUMBERED',
  'CSV_INVALID',
  'ORDER_HAS_DOCUMENT',
  'ORDER_LIMIT_EXCEEDED',
  'ORDER_NOT_CANCELLABLE',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_OWNED',
  'PRICE_CHANGED',
  'SHIPPING_OPTION_UNAVAILABLE',
  'SIZE_REQUIRED',
  // docs/decisions.md, Orders entered by staff: the customerEmail of a staff order has no account.
  'CUSTOMER_NOT_FOUND',
  'TOO_MANY_ORDERS',
  'UNDO_EXPIRED',
  // Sales campaigns.
  'ALREADY_ON_SALE',
  'DISCOUNT_OUT_OF_RANGE',
  'PRICE_BELOW_FLOOR',
  'PRICE_NOT_BELOW_ORIGINAL',
  'SALE_NOT_ACTIVE',
  'SALE_PRODUCT_NOT_FOUND',
  // Staff: users and logs.
  'INVALID_CURSOR',
  'LAST_ADMIN',
  'LOG_ENTRY_NOT_FOUND',
  'SELF_PROTECTED',
  // The stock ledger (docs/decisions.md, 'Stock ledger').
  'STOCK_BELOW_ZERO',
  'OPTION_NOT_FOUND',
  'OPTION_REQUIRED',
  'STOCK_INFINITE',
  // Complaints and returns (docs/decisions.md, 'Complaints and returns').
  'RETURN_NOT_DELIVERED',
  'RETURN_WINDOW_CLOSED',
  'RETURN_LINES_INVALID',
  'RETURN_QUANTITY_TOO_HIGH',
  'RETURN_REASON_INVALID',
  'RETURN_DESCRIPTION_INVALID',
  'RETURN_TOO_MANY_PHOTOS',
  'RETURN_MALFORMED',
  'RETURN_NOT_FOUND',
  'RETURN_STATUS_ORDER',
  'RETURN_REJECTION_REASON_REQUIRED',
  // Back-in-stock alerts (docs/decisions.md, 'Back-in-stock alerts').
  'PRODUCT_IN_STOCK',
  'STOCK_ALERT_NOT_FOUND',
  'TOO_MANY_STOCK_ALERTS',
  // Edits that never overwrite each other (docs/decisions.md ('Edits that never overwrite each other')).
  'STALE_VERSION',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/**
 * Codes the web gives failures that have no usable answer of the API: no answer at all
 * (customer-side.md §8 'API request failed') or an answer without the expected fields.
 */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'INVALID_RESPONSE'] as const

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number]
