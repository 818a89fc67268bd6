// Two rules because the specification has two: the checkout accepts a ZIP+4 style suffix
// (customer-side.md §5 Checkout address), the account and admin profile forms exactly
// 5 digits (customer-side.md §5 Account profile; staff-and-content.md §5).
const CHECKOUT_POSTAL_CODE = /^\d{5}(-\d{4})?$/
const PROFILE_POSTAL_CODE = /^\d{5}$/

/** Checkout address: '71000' or '71000-1234'. */
export function isCheckoutPostalCode(value: string): boolean {
  return CHECKOUT_POSTAL_CODE.test(value.trim())
}

/** Profile (account page and admin edit): exactly 5 digits. */
export function isProfilePostalCode(value: string): boolean {
  return PROFILE_POSTAL_CODE.test(value.trim())
}
