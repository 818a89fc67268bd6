import { useEffect, useRef, useState, type ComponentProps } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { STORE_PAGE_SIZE } from '@shop/shared/rules/pagination.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { PRODUCT_SORTS, type ProductSort } from '@shop/shared/rules/sort.ts'
import { removeStoreValues, STORE_FILTERS_RESET_EVENT } from '../../../app/layout/store-filters.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { isServerRendered, type LoadPlan } from '../../../lib/server-data.ts'
import { RetryAlert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { classNames } from '../../../ui/class-names.ts'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { Select } from '../../../ui/field.tsx'
import { ListIcon, SearchIcon, StoreIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { fetchFacetCounts, fetchProductPage, type FacetCount } from '../api/catalogue.ts'
import { currentData, keyedLoad, useLoad } from '../../../lib/use-load.ts'
import { Pagination } from '../components/pagination.tsx'
import { ProductCard } from '../components/product-card.tsx'
import type { ContactAction } from '../contact-action.ts'
import {
  changeFilters,
  DEFAULT_STORE_FILTERS,
  filtersFromQuery,
  forgetReturnPoint,
  countActiveFilters,
  hasActiveFilters,
  readReturnPoint,
  readStoreFilters,
  saveReturnPoint,
  saveStoreFilters,
  storeAddress,
  type StoreFilters,
} from '../store-state.ts'
import './catalogue.css'

const text = catalogue.store
/** Typing settles for this long before the store asks the server. */
const SEARCH_DELAY_MS = 300
/** customer-side.md §9: the scroll position is restored 100 ms after the return. */
const SCROLL_RESTORE_DELAY_MS = 100
const CARD_IMAGE_SIZES = '(max-width: 639px) 46vw, (max-width: 1023px) 31vw, 290px'

/** /store?category=…&search=… forgets what was remembered and starts from those (§2 route table). */
function initialFilters(query: string): StoreFilters {
  // The server render has no tab storage: the address alone, without an error thrown and caught on every render.
  if (typeof window === 'undefined') return filtersFromQuery(new URLSearchParams(query)) ?? DEFAULT_STORE_FILTERS
  try {
    const fromQuery = filtersFromQuery(new URLSearchParams(query))
    if (!fromQuery) return readStoreFilters(sessionStorage, Date.now())
    removeStoreValues(sessionStorage)
    return fromQuery
  } catch {
    return filtersFromQuery(new URLSearchParams(query)) ?? DEFAULT_STORE_FILTERS
  }
}

/** /store?page=N opens that page of the results (a crawler's way past the first page, docs/decisions.md, Server rendering). */
function withQueryPage(filters: StoreFilters, query: string): StoreFilters {
  const page = Number(new URLSearchParams(query).get('page'))
  return Number.isInteger(page) && page > 1 ? { ...filters, page } : filters
}

function hasQueryFilters(query: string): boolean {
  const parameters = new URLSearchParams(query)
  return filtersFromQuery(parameters) !== null || parameters.has('page')
}

function facetOptions(facets: readonly FacetCount[]) {
  return facets.map((facet) => ({
    value: facet.id,
    label: format(text.facetOption, { name: facet.name, count: facet.count }),
  }))
}

/** The category and brand filters: 'all' first, then each value with its count in the facet-count answer's list. */
const FACET_FILTERS = [
  { name: 'category', label: text.categoryLabel, all: text.allCategories, counts: 'categories' },
  { name: 'brand', label: text.brandLabel, all: text.allBrands, counts: 'brands' },
] as const

/** The store's two loads for a filter set: its page of cards, and its category and brand counts. */
function storeLoads(filters: StoreFilters, token: string | null) {
  const query = { ...filters, search: filters.search.trim(), limit: STORE_PAGE_SIZE }
  // The category and brand counts once per filter set, not with every page (docs/decisions.md, 'Counts apart from the list').
  const countsQuery = { search: query.search, category: query.category, brand: query.brand }
  return {
    list: keyedLoad(JSON.stringify([query, token]), async (signal) => {
      const answer = await fetchProductPage(query, signal)
      // A remembered page beyond the last one (the catalogue shrank meanwhile): the last page instead.
      if (answer.products.length > 0 || answer.total === 0 || query.page <= answer.pages) return answer
      return fetchProductPage({ ...query, page: answer.pages }, signal)
    }),
    counts: keyedLoad(
      `counts ${JSON.stringify([countsQuery.search, countsQuery.category, countsQuery.brand])}`,
      (signal) => fetchFacetCounts(countsQuery, signal),
    ),
  }
}

/** The server renders the store as a guest, with the filters of its address (docs/decisions.md, Server rendering). */
export const loadPlan: LoadPlan = async ({ search }, start) => {
  const loads = storeLoads(withQueryPage(initialFilters(search), search), null)
  await Promise.all([start(loads.list), start(loads.counts)])
}

/** One filter of the store: its label above its select. */
function FilterSelect({ label, ...select }: { label: string } & ComponentProps<typeof Select>) {
  return (
    <label className="store-filters__field">
      <span>{label}</span>
      <Select {...select} />
    </label>
  )
}

export function StorePage({ contactAction: ContactButton }: { contactAction: ContactAction }) {
  usePageTitle(text.title)
  const location = useLocation()
  const navigate = useNavigate()
  const { user, token } = useSession()
  const canSeeWholesale = canSeeWholesalePrices(user?.roles)
  // docs/decisions.md, Server rendering: a server-rendered store hydrates with the filters of its address (all the server
  // knows); the filters remembered in this tab follow right after (the effect below).
  const [rememberedFilters] = useState(() =>
    isServerRendered() && !hasQueryFilters(location.search) ? initialFilters('') : null,
  )
  const [filters, setFilters] = useState(() =>
    withQueryPage(rememberedFilters ? DEFAULT_STORE_FILTERS : initialFilters(location.search), location.search),
  )
  /** A filter chosen in the sheet (customer-side.md §4: back to page 1). */
  const chooseFilter = (change: Partial<Omit<StoreFilters, 'page'>>) =>
    setFilters((current) => changeFilters(current, change))
  const [searchText, setSearchText] = useState(filters.search)
  // The page arrives rendered by the server (docs/decisions.md, Server rendering): text typed into the search box before the
  // hydration is in the box but not in the state. Take it over once, so that it searches.
  const searchInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = searchInput.current?.value
    if (typed !== undefined && typed !== searchText) setSearchText(typed)
    // Once, right after the hydration: later the state and the box agree through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // Used once: a later load of the grid (a reset from the top bar, a filter) must not scroll back to it.
  const [returnPoint, setReturnPoint] = useState(() => {
    // The server render has no tab storage (as initialFilters): no error thrown and caught each time the page renders.
    if (typeof window === 'undefined') return null
    try {
      return readReturnPoint(sessionStorage)
    } catch {
      return null
    }
  })
  const resultsTop = useRef<HTMLDivElement>(null)
  const grid = useRef<HTMLUListElement>(null)

  // The query parameters did their work: drop them, so that returning here restores the session's state.
  useEffect(() => {
    if (location.search !== '') void navigate('/store', { replace: true })
  }, [location.search, navigate])

  useEffect(() => {
    if (!rememberedFilters || JSON.stringify(rememberedFilters) === JSON.stringify(DEFAULT_STORE_FILTERS)) return
    // After the hydration by design: the server cannot know what this tab remembers.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFilters(rememberedFilters)
    setSearchText(rememberedFilters.search)
  }, [rememberedFilters])

  useEffect(() => {
    try {
      saveStoreFilters(sessionStorage, filters, Date.now())
    } catch {
      // Storage switched off: the filters live as long as the page.
    }
  }, [filters])

  // The top bar's store link forgets the filters while this page is open, too.
  useEffect(() => {
    const reset = () => {
      setFilters(DEFAULT_STORE_FILTERS)
      setSearchText('')
      setReturnPoint(null)
    }
    window.addEventListener(STORE_FILTERS_RESET_EVENT, reset)
    return () => window.removeEventListener(STORE_FILTERS_RESET_EVENT, reset)
  }, [])

  useEffect(() => {
    if (searchText === filters.search) return
    const timer = setTimeout(
      () => setFilters((current) => changeFilters(current, { search: searchText })),
      SEARCH_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [searchText, filters.search])

  const loads = storeLoads(filters, token)
  const result = useLoad(loads.list.load, loads.list.key)
  const isLoading = result.status === 'loading'
  const shown = result.data
  const counts = useLoad(loads.counts.load, loads.counts.key).data

  // customer-side.md §4: back from a product page, the scroll position (after 100 ms) and the card.
  const hasResult = currentData(result) !== undefined
  useEffect(() => {
    if (!returnPoint || !hasResult) return
    const timer = setTimeout(() => {
      window.scrollTo(0, returnPoint.scrollY)
      const cards = grid.current?.querySelectorAll<HTMLAnchorElement>('.product-card__link')
      cards?.[returnPoint.imageIndex]?.focus({ preventScroll: true })
      setReturnPoint(null)
      try {
        forgetReturnPoint(sessionStorage)
      } catch {
        // Nothing was stored.
      }
    }, SCROLL_RESTORE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [returnPoint, hasResult])

  function goToPage(page: number) {
    setFilters((current) => ({ ...current, page }))
    resultsTop.current?.scrollIntoView({ block: 'start' })
  }

  function rememberReturnPoint(imageIndex: number) {
    try {
      saveReturnPoint(sessionStorage, { scrollY: Math.round(window.scrollY), imageIndex })
    } catch {
      // Storage switched off: the store opens at the top.
    }
  }

  // On a phone the category, brand and sort sit in a sheet opened from one row (docs/decisions.md, Walk-through fixes).
  const [isSheetOpen, setIsSheetOpen] = useState(false)
  const sheet = useRef<HTMLDivElement>(null)
  const sheetToggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (isSheetOpen) sheet.current?.querySelector<HTMLSelectElement>('select')?.focus()
  }, [isSheetOpen])

  function closeSheet() {
    setIsSheetOpen(false)
    sheetToggle.current?.focus()
  }

  function clearAll() {
    setFilters(DEFAULT_STORE_FILTERS)
    setSearchText('')
  }

  const isSearching = filters.search.trim() !== ''
  const pages = shown?.pages ?? 1
  const activeFilterCount = countActiveFilters(filters)

  return (
    <div className="store-page">
      <header className="store-hero">
        <div className="container">
          <h1>{text.title}</h1>
          <p>{text.lead}</p>
        </div>
      </header>

      <div className="container store-layout">
        <form
          role="search"
          className="store-filters"
          aria-label={text.filtersLabel}
          // Before the hydration (or without JavaScript) the form asks the server for /store?search=…&category=…
          // (a GET form; docs/decisions.md, 'Pages without JavaScript'); with JavaScript the filters apply in place.
          action="/store"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="store-filters__row">
            <div className="store-filters__search">
              <label htmlFor="store-search" className="visually-hidden">
                {text.searchLabel}
              </label>
              <SearchIcon className="store-filters__search-icon" />
              <input
                ref={searchInput}
                id="store-search"
                name="search"
                type="search"
                className="ui-input"
                placeholder={catalogue.searchPlaceholder}
                value={searchText}
                maxLength={100}
                autoComplete="off"
                enterKeyHint="search"
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
            <button
              ref={sheetToggle}
              type="button"
              className="store-filters__toggle"
              aria-expanded={isSheetOpen}
              aria-controls="store-filter-sheet"
              onClick={() => setIsSheetOpen(true)}
            >
              <ListIcon size={20} />
              {text.filtersButton}
              {activeFilterCount > 0 && (
                <span className="store-filters__count">
                  <span aria-hidden="true">{activeFilterCount}</span>
                  <span className="visually-hidden">
                    ({format(text.activeFiltersCount, { count: activeFilterCount })})
                  </span>
                </span>
              )}
            </button>
          </div>
          {isSheetOpen && <div className="store-filters__backdrop" aria-hidden="true" onClick={closeSheet} />}
          <div
            ref={sheet}
            id="store-filter-sheet"
            className={classNames('store-filters__selects', isSheetOpen && 'is-open')}
            aria-labelledby={isSheetOpen ? 'store-filter-sheet-title' : undefined}
            role={isSheetOpen ? 'group' : undefined}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && isSheetOpen) closeSheet()
            }}
          >
            <h2 id="store-filter-sheet-title" className="store-filters__sheet-title">
              {text.filtersSheetTitle}
            </h2>
            {FACET_FILTERS.map((facet) => (
              <FilterSelect
                key={facet.name}
                label={facet.label}
                name={facet.name}
                value={filters[facet.name]}
                onChange={(event) => chooseFilter({ [facet.name]: event.target.value })}
                options={[{ value: '', label: facet.all }, ...facetOptions(counts?.[facet.counts] ?? [])]}
              />
            ))}
            <FilterSelect
              label={text.sortLabel}
              name="sort"
              value={filters.sort}
              disabled={isSearching}
              title={isSearching ? text.sortDisabledHint : undefined}
              onChange={(event) => chooseFilter({ sort: event.target.value as ProductSort })}
              options={PRODUCT_SORTS.map((sort) => ({ value: sort, label: catalogue.sortLabels[sort] }))}
            />
            <Button className="store-filters__sheet-done" isBlock onClick={closeSheet}>
              {format(text.showResults, { count: shown?.total ?? 0 })}
            </Button>
            {/* Shown only without JavaScript (catalogue.css), where a changed select applies nothing by itself. */}
            <Button type="submit" className="store-filters__apply">
              {text.applyFilters}
            </Button>
          </div>
        </form>

        <div ref={resultsTop} className="store-results__bar">
          <p className="ui-note" aria-live="polite">
            {shown && format(text.resultCount, { count: shown.total })}
          </p>
          {hasActiveFilters(filters) && (
            <Button variant="ghost" size="sm" className="store-filters__clear" onClick={clearAll}>
              {text.clearFilters}
            </Button>
          )}
        </div>

        {result.status === 'error' ? (
          <RetryAlert
            message={<p>{catalogue.loadProductsFailed}</p>}
            retryLabel={catalogue.retry}
            onRetry={result.reload}
          />
        ) : !shown ? (
          <LoadingBlock label={catalogue.loadingProducts} />
        ) : shown.products.length === 0 && !isLoading ? (
          <EmptyState
            icon={<StoreIcon size={30} />}
            title={catalogue.noProductsFound}
            actions={
              hasActiveFilters(filters) && (
                <Button variant="secondary" className="store-filters__clear" onClick={clearAll}>
                  {text.clearFilters}
                </Button>
              )
            }
          />
        ) : (
          <div className="store-results" aria-busy={isLoading}>
            {isLoading && (
              <p className="store-results__loading" role="status">
                {catalogue.loadingProducts}
              </p>
            )}
            <ul ref={grid} className="product-grid">
              {shown.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    canSeeWholesale={canSeeWholesale}
                    imageSizes={CARD_IMAGE_SIZES}
                    isPriority={index < 2}
                    headingLevel={2}
                    onOpen={() => rememberReturnPoint(index)}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={shown.page}
              pages={pages}
              hrefOf={(page) => storeAddress(filters, page)}
              onChange={goToPage}
            />
          </div>
        )}
      </div>

      <ContactButton isFloating />
    </div>
  )
}
