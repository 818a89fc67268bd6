// The store page remembers its filters, search, sort, page, scroll position and image index in
// sessionStorage, each under a key that starts with 'shop.store' (the filters: 'shop.storeFilters').
// Clicking the store link in the top bar, or the home page's default /store link, forgets them all
// (customer-side.md §2 Global behaviour, Home page).

export const STORE_FILTERS_KEY = 'shop.storeFilters'
export const STORE_SESSION_PREFIX = 'shop.store'
/** Fired after a reset, so that an open store page clears what it holds in memory too. */
export const STORE_FILTERS_RESET_EVENT = 'shop:store-filters-reset'

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>

/** Removes every remembered store value from `storage`. */
export function removeStoreValues(storage: KeyedStorage): void {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)
    if (key?.startsWith(STORE_SESSION_PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}

export function clearStoreFilters(): void {
  try {
    removeStoreValues(sessionStorage)
  } catch {
    // Storage switched off: nothing was remembered.
  }
  window.dispatchEvent(new Event(STORE_FILTERS_RESET_EVENT))
  // From far down the store, the reset shows the first page of the store from its top (docs/decisions.md,
  // 'Walk-through fixes'); the route does not change then, so the scroll on a route change does not run.
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
}
