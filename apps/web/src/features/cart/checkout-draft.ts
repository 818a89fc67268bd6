// The checkout in progress, kept for the tab (docs/decisions.md, Cart and orders (web)): a reload or a
// phone's discarded tab reopens the form with what was typed. sessionStorage, so it ends with the tab;
// it holds an address and a phone number, never a password, and is cleared once the order is placed.

export const CHECKOUT_DRAFT_KEY = 'shop.checkout-draft'

export type CheckoutDraftValues = Partial<
  Record<'full_name' | 'phone_number' | 'email' | 'street_address' | 'city' | 'state' | 'zip_code', string>
>

export type CheckoutDraft = {
  isFormShown?: boolean
  shippingOptionId?: string | null
  values?: CheckoutDraftValues
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What a damaged or foreign value keeps: only strings where strings belong. */
function toDraft(value: unknown): CheckoutDraft | null {
  if (!isRecord(value)) return null
  const values: CheckoutDraftValues = {}
  if (isRecord(value.values)) {
    for (const [name, field] of Object.entries(value.values)) {
      if (typeof field === 'string') values[name as keyof CheckoutDraftValues] = field.slice(0, 300)
    }
  }
  return {
    isFormShown: value.isFormShown === true,
    shippingOptionId: typeof value.shippingOptionId === 'string' ? value.shippingOptionId : null,
    values,
  }
}

export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_DRAFT_KEY)
    return raw ? toDraft(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

/** Merges a part of the draft into what is kept; a browser that refuses storage simply keeps nothing. */
export function updateCheckoutDraft(patch: CheckoutDraft): void {
  try {
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ ...readCheckoutDraft(), ...patch }))
  } catch {
    // Storage off or full: the form still works, it is only not kept.
  }
}

export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_KEY)
  } catch {
    // Nothing was kept.
  }
}
