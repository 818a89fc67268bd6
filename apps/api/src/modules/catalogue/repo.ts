import { isUuid } from '@shop/shared/rules/uuid.ts'
import {
  CLOSE_NAME_THRESHOLD,
  RECOMMENDATION_LIMIT,
  RECOMMENDATION_MINIMUM,
  SIMILAR_NAME_THRESHOLD,
} from '@shop/shared/rules/recommendations.ts'
import { MULTI_WORD_MIN_LENGTH, SEARCH_WEIGHTS, escapeLikePattern } from '@shop/shared/rules/search.ts'
import type { ProductSort } from '@shop/shared/rules/sort.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import type { StockLedgerRow } from '@shop/shared/schemas/stock-ledger.ts'
import type { ProductValues, SizeStockEntry } from '@shop/shared/schemas/product-form.ts'
import { namedStatement, type Database, type Queryable } from '../../platform/db.ts'
import { columnArrays, queryOne, queryReturning, queryRows } from '../../platform/mapped-rows.ts'
import type { ProductOptionRow } from '../../platform/product-option-row.ts'
import { SHEET_OPTION_FIELDS, SHEET_PRODUCT_FIELDS } from './spreadsheet-rows.ts'
import type { QueryResultRow } from 'pg'

// ---- Catalogue reads ----
// The only file of the catalogue with SQL. Products leave the database as JSON with the
// specification's field names, built by the SQL function product_catalogue_json (migration 0004):
// stored per product for the public, built per request with wholesale prices for the readers who
// may see them. Lists leave as JSON text, which the API sends without parsing it.

export type FacetCount = { id: string; name: string; count: number }

/** A page of the store; the lists are JSON text (arrays of products and of FacetCount). */
export type ProductPage = {
  productsJson: string
  total: number
  categoriesJson: string
  brandsJson: string
  /** Whether the sale was applied in the statement's own snapshot (the page is right only when filter.isSaleOn said so). */
  isSaleOn: boolean
}

export type ProductFilter = {
  /** Folded, trimmed search text (normaliseSearchQuery); absent or '' for none. */
  search?: string | undefined
  categoryId?: string | undefined
  brandId?: string | undefined
  isFeaturedOnly?: boolean
  sort: ProductSort
  limit: number
  offset: number
  withWholesale: boolean
  /** docs/decisions.md, 'Sales computed when read': the sale is applied, the products' "sale on" columns answer. */
  isSaleOn: boolean
  /**
   * Whole products with the counts, the cards of the store grid without them (docs/decisions.md, 'A lean store
   * list'), or the counts alone (docs/decisions.md, 'Counts apart from the list').
   */
  view: 'product' | 'card' | 'counts'
}

/** Collects parameters while a statement is assembled from fixed fragments. */
class Parameters {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * docs/decisions.md, 'Sales computed when read': each product keeps its precomputed columns twice, without the sale
 * and with it (migration 0036); a read names one set by the sale's state, so each statement stays a plain read of
 * an index (two statement variants, never a choice per row). The "sale on" answers are null for a product not on
 * sale: its plain ones are the same.
 */
const priceColumn = (alias: string, column: 'effective_price' | 'is_discounted', isSaleOn: boolean) =>
  `${alias}.${isSaleOn ? 'sale_' : ''}${column}`

/** The product's JSON: the stored public one, or one built with wholesale prices (the only difference). */
const productJson = (withWholesale: boolean, isSaleOn: boolean) =>
  withWholesale
    ? `product_catalogue_json(p, true, ${isSaleOn})`
    : isSaleOn
      ? 'coalesce(p.sale_catalogue_json, p.catalogue_json, product_catalogue_json(p, false, true))'
      : 'coalesce(p.catalogue_json, product_catalogue_json(p, false))'

/** A product's card (migration 0032): the stored one, with the wholesale price added for the readers who may see it. */
const cardJson = (withWholesale: boolean, isSaleOn: boolean) => {
  const stored = isSaleOn
    ? 'coalesce(p.sale_card_json, p.card_json, product_card_json(product_catalogue_json(p, false, true), p.is_available))'
    : 'coalesce(p.card_json, product_card_json(product_catalogue_json(p, false), p.is_available))'
  return withWholesale ? `(${stored}::jsonb || jsonb_build_object('wholesale_price', p.wholesale_price))::json` : stored
}

/** Whether the sale is applied now (sale_config, the sales domain's switch; read only). */
export async function findIsSaleOn(db: Queryable): Promise<boolean> {
  // Named, as the list: asked before every catalogue read, it is parsed and planned once per connection.
  const { rows } = await db.query<{ is_applied: boolean }>({
    name: 'catalogue_sale_is_applied',
    text: 'select sale_is_applied() as is_applied',
  })
  return rows[0]?.is_applied ?? false
}

/**
 * The catalogue's named statements (platform/db.ts namedStatement; docs/decisions.md 'The list planned once'). On
 * PGlite too, whose one session forgets its prepared names whenever a client connects anew (platform/db.ts).
 */
function statement(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  return namedStatement('catalogue', text, values)
}

// The store's orders (customer-side.md §9); each matches an index of migration 0004 (0036 with the sale on) column
// for column, so a page is read in order instead of sorted. Out-of-stock products always come last.
const ORDERS: Record<ProductSort, (alias: string, isSaleOn?: boolean) => string> = {
  recommended: (a, isSaleOn = false) =>
    `${a}.is_available desc, ${a}.recommended desc, ${priceColumn(a, 'is_discounted', isSaleOn)} desc, ${a}.name collate "und-x-icu", ${a}.id`,
  'name-asc': (a) => `${a}.is_available desc, ${a}.name collate "und-x-icu", ${a}.id`,
  'name-desc': (a) => `${a}.is_available desc, ${a}.name collate "und-x-icu" desc, ${a}.id desc`,
  'price-asc': (a, isSaleOn = false) =>
    `${a}.is_available desc, ${priceColumn(a, 'effective_price', isSaleOn)}, ${a}.name collate "und-x-icu", ${a}.id`,
  'price-desc': (a, isSaleOn = false) =>
    `${a}.is_available desc, ${priceColumn(a, 'effective_price', isSaleOn)} desc, ${a}.name collate "und-x-icu", ${a}.id`,
}

// While a search is active, relevance orders the result, after availability (§9): the tier (an exact
// code or id, a part of one, a query word in the name or code) first, then the weighted rank.
const RELEVANCE_ORDER = (a: string) =>
  `${a}.is_available desc, ${a}.tier desc, ${a}.relevance desc, ${a}.search_name, ${a}.id`

// ts_rank takes weights in the order D, C, B, A: description, short description, option
// labels, name and codes (customer-side.md §9 weights 0.8, 1, 1.5, 2, scaled to at most 1).
const RANK_WEIGHTS = [
  SEARCH_WEIGHTS.description / 2,
  SEARCH_WEIGHTS.shortDescription / 2,
  SEARCH_WEIGHTS.optionLabel / 2,
  SEARCH_WEIGHTS.name / 2,
]
/** Dictionary words at least this similar to a query word count as a typo of it ('buslica'). */
const TYPO_SIMILARITY = 0.5
/** ...or at least this word-similar, which catches the start of a word ('busil'). */
const PARTIAL_WORD_SIMILARITY = 0.6
const ID_PREFIX = /^[0-9a-f]{8}(?:-[0-9a-f]{0,4}){0,4}$/i

/**
 * A search text widened to the shop's words, as tsquery texts, and the catalogue generation they
 * were read in: the words change only with a new generation, so a process may keep them per
 * normalised query and pass them back; the statement uses them only while that generation stands
 * (docs/decisions.md, 'Search that ranks only what it shows').
 */
export type SearchWords = {
  version: number
  /** The query's own words (and their beginnings). */
  exactQuery: string
  /** ...and the dictionary words close to them. */
  anyQuery: string
  /** What chooses the products: all words of 4+ characters when some product has them all, else any. */
  selection: string
  /** The selection's words in the name or a code (weight A): the tier above other matches. */
  headQuery: string
  /** Whether the widening added words: without, both ranks are one and the product is ranked once. */
  hasVariants: boolean
}

/**
 * The search (customer-side.md §9; the design is explained in migration 0004): query words are
 * widened to close dictionary words, products found through the weighted tsvector, codes by
 * LIKE. Words of 4+ characters choose the products (shorter ones, such as 'xl' or 'aku', only
 * rank them, unless the query has no longer word); with two or more such words, the products
 * matching all of them are the result whenever there are any (§9: multi-word queries favour
 * products matching all words), else those matching any.
 *
 * Order: an exact code or id (tier 4), a partial one (2), a chosen word in the name or a code (1),
 * then the weighted rank of the exact words plus half the rank of the widened ones. The tier is
 * cheap and known for every match; the rank is computed only for the matches whose availability
 * and tier can reach the requested page (docs/decisions.md, 'Search that ranks only what it shows').
 * The widening is skipped when the caller passes words of the current generation ($words).
 */
function searchMatches(
  parameters: Parameters,
  search: string,
  isFeaturedOnly: boolean,
  words: SearchWords | undefined,
): string {
  const query = parameters.add(search)
  const pattern = escapeLikePattern(search)
  // The patterns reach the statement as columns of search_selection, not as constants: a plan
  // made for one query's patterns would be no better than the generic one, so PostgreSQL keeps the
  // generic plan of the named statement instead of planning every search anew.
  const exactCode = parameters.add(`% ${pattern} %`)
  const partialCode = parameters.add(search.length >= 3 ? `%${pattern}%` : null)
  // The start of an id as a range of the id's text (products_id_text, text_pattern_ops): ids hold only
  // hex digits and '-', which all sort before '~'.
  const isIdPrefix = !isUuid(search) && ID_PREFIX.test(search)
  const idPrefix = parameters.add(isIdPrefix ? search.toLowerCase() : null)
  const idPrefixEnd = parameters.add(isIdPrefix ? `${search.toLowerCase()}~` : null)
  const exactId = parameters.add(isUuid(search) ? search.toLowerCase() : null)
  // Only a search that looks like the start of an id gets the id's range (a variant of the statement):
  // in every plan, an unknown range is estimated at a ninth of the table.
  const codeConditions = [
    'p.search_codes like q.partial_code',
    ...(isIdPrefix ? ['(p.id::text ~>=~ q.id_prefix and p.id::text ~<~ q.id_prefix_end)'] : []),
  ]
  const isExact = `(' ' || p.search_codes || ' ') like q.exact_code or p.id = q.exact_id`
  const isPartial = codeConditions.join(' or ')
  const featured = isFeaturedOnly ? 'and p.featured' : ''
  const keptVersion = parameters.add(words?.version ?? null)
  const kept = (value: string | undefined) => `${parameters.add(value ?? null)}::tsquery`
  const [keptExact, keptAny, keptSelection, keptHead] = [
    kept(words?.exactQuery),
    kept(words?.anyQuery),
    kept(words?.selection),
    kept(words?.headQuery),
  ]
  // A word as a tsquery item: a query word of 3+ characters also matches words it begins; the head
  // form matches only in the name and codes (weight A).
  const lexeme = (word: string, token: string, weight = '') =>
    `quote_literal(${word}) || case when ${word} = ${token} and length(${token}) >= 3 then ':*${weight}' else '${weight ? `:${weight}` : ''}' end`
  return `
  search_tokens as (
    select distinct lexeme as token, length(lexeme) >= ${parameters.add(MULTI_WORD_MIN_LENGTH)} as is_significant
      from unnest(to_tsvector('simple', ${query}))
     where lexeme !~ '-'
  ),
  search_variants as (
    select token, token as word from search_tokens
    union
    select t.token, w.word
      from search_tokens t
      join search_words w on (w.word % t.token or t.token <% w.word)
     where length(t.token) >= 3 and t.token !~ '[0-9]'
       and (similarity(w.word, t.token) >= ${parameters.add(TYPO_SIMILARITY)}
            or word_similarity(t.token, w.word) >= ${parameters.add(PARTIAL_WORD_SIMILARITY)})
  ),
  search_choosing as (
    select v.token, string_agg(${lexeme('v.word', 'v.token')}, ' | ') as alternatives,
           string_agg(${lexeme('v.word', 'v.token', 'A')}, ' | ') as head_alternatives
      from search_variants v join search_tokens t on t.token = v.token
     where t.is_significant or not exists (select 1 from search_tokens where is_significant)
     group by v.token
  ),
  search_queries as (
    select
      (select to_tsquery('simple', string_agg(${lexeme('token', 'token')}, ' | ')) from search_tokens) as exact_query,
      (select to_tsquery('simple', string_agg(${lexeme('word', 'token')}, ' | ')) from search_variants) as any_query,
      (select to_tsquery('simple', string_agg(alternatives, ' | ')) from search_choosing) as any_chosen_query,
      (select case when count(*) >= 2 then to_tsquery('simple', string_agg('(' || alternatives || ')', ' & ')) end
         from search_choosing) as all_chosen_query,
      (select to_tsquery('simple', string_agg(head_alternatives, ' | ')) from search_choosing) as head_query
  ),
  search_widened as (
    select q.exact_query, q.any_query, q.head_query,
           exists (select 1 from search_variants v where v.word <> v.token) as has_variants,
           case when q.all_chosen_query is not null
                 and exists (select 1 from products p where p.search_vector @@ q.all_chosen_query ${featured})
                then q.all_chosen_query else q.any_chosen_query end as selection
      from search_queries q
  ),
  search_generation as (
    select coalesce((select version from cache_versions where name = 'catalogue'), 0)::int as version
  ),
  search_selection as materialized (
    select g.version, coalesce(g.version = ${keptVersion}::int, false) as is_kept,
           ${exactCode}::text as exact_code, ${partialCode}::text as partial_code, ${idPrefix}::text as id_prefix, ${idPrefixEnd}::text as id_prefix_end,
           ${exactId}::uuid as exact_id,
           case when g.version = ${keptVersion}::int then ${keptExact} else (select exact_query from search_widened) end as exact_query,
           case when g.version = ${keptVersion}::int then ${keptAny} else (select any_query from search_widened) end as any_query,
           case when g.version = ${keptVersion}::int then ${keptSelection} else (select selection from search_widened) end as selection,
           case when g.version = ${keptVersion}::int then ${keptHead} else (select head_query from search_widened) end as head_query,
           case when g.version = ${keptVersion}::int then ${parameters.add(words?.hasVariants ?? null)}::boolean
                else (select has_variants from search_widened) end as has_variants
      from search_generation g
  ),
  matched as materialized (
    select p.id, p.ctid as row_address, p.category_id, p.brand_id, p.is_available, p.search_name,
           case when ${isExact} then 4 when ${isPartial} then 2 else 0 end
           + case when p.search_vector @@ q.head_query then 1 else 0 end as tier
      from product_search p cross join search_selection q
     where (p.search_vector @@ q.selection or ${codeConditions.join(' or ')} or p.id = q.exact_id)
       ${featured}
  )`
}

function featuredMatches(isSaleOn: boolean): string {
  return `
  matched as materialized (
    select p.id, p.category_id, p.brand_id, p.is_available, p.recommended,
           ${priceColumn('p', 'is_discounted', isSaleOn)} as is_discounted, p.name,
           ${priceColumn('p', 'effective_price', isSaleOn)} as effective_price, p.search_name
      from products p where p.featured
  )`
}

/**
 * One page of the store with its total and the counts per category (under the search and brand
 * filters) and per brand (under the search and category filters), in one named statement; the cards
 * without the counts, or the counts alone (filter.view). A search also answers the words it was widened
 * to (words), for the caller to pass back while they hold.
 */
export async function findProductPage(
  db: Database,
  filter: ProductFilter,
  words?: SearchWords,
): Promise<ProductPage & { words?: SearchWords }> {
  const parameters = new Parameters()
  const category = filter.categoryId ? parameters.add(filter.categoryId) : undefined
  const brand = filter.brandId ? parameters.add(filter.brandId) : undefined
  const search = filter.search ?? ''
  const hasBaseSet = search !== '' || Boolean(filter.isFeaturedOnly)
  const where = (alias: string, { withCategory = true, withBrand = true } = {}) => {
    const conditions = ['true']
    if (category && withCategory) conditions.push(`${alias}.category_id = ${category}::uuid`)
    if (brand && withBrand) conditions.push(`${alias}.brand_id = ${brand}::uuid`)
    return conditions.join(' and ')
  }
  const ctes: string[] = []
  const hasPage = filter.view !== 'counts'
  const hasCounts = filter.view !== 'card'
  let page = ''
  let total: string
  let categoryCounts: string
  let brandCounts: string
  if (search !== '') {
    ctes.push(searchMatches(parameters, search, Boolean(filter.isFeaturedOnly), words))
    if (hasPage) {
      // The page's bounds as a row, for the same reason as the patterns (searchMatches).
      ctes.push(`
  search_page as materialized (
    select ${parameters.add(filter.limit)}::int as page_size, ${parameters.add(filter.offset)}::int as page_start,
           ${parameters.add(filter.offset + filter.limit)}::int as page_end
  )`)
      const limit = '(select s.page_size from search_page s)'
      const offset = '(select s.page_start from search_page s)'
      const weights = `${parameters.add(RANK_WEIGHTS)}::float4[]`
      // The cheap first cut: the availability and tier of the page's last row. Only matches at or
      // above it can be on the page, and only they are ranked.
      ctes.push(`
  search_cut as (
    select m.is_available, m.tier from matched m where ${where('m')}
     order by m.is_available desc, m.tier desc offset (select s.page_end - 1 from search_page s) limit 1
  ),
  ranked as (
    select m.id, m.is_available, m.tier, m.search_name,
           -- A subquery per candidate, reading the row again where the match found it (a TID scan, no index).
           -- Without widened words the two ranks are equal (the same words), so one is computed.
           (select case when q.has_variants
                        then coalesce(ts_rank(${weights}, p.search_vector, q.exact_query), 0)
                             + 0.5 * coalesce(ts_rank(${weights}, p.search_vector, q.any_query), 0)
                        else 1.5 * coalesce(ts_rank(${weights}, p.search_vector, q.exact_query), 0) end
              from product_search p where p.ctid = m.row_address) as relevance
      from matched m cross join search_selection q
     where ${where('m')}
       and (not exists (select 1 from search_cut)
            or (m.is_available, m.tier) >= (select c.is_available, c.tier from search_cut c))
  )`)
      const order = RELEVANCE_ORDER('r')
      page = `select r.id, row_number() over (order by ${order}) as position from ranked r
            order by ${order} limit ${limit} offset ${offset}`
    }
  } else if (hasBaseSet) {
    ctes.push(featuredMatches(filter.isSaleOn))
    const order = ORDERS[filter.sort]('m')
    if (hasPage)
      page = `select m.id, row_number() over (order by ${order}) as position from matched m where ${where('m')}
            order by ${order} limit ${parameters.add(filter.limit)} offset ${parameters.add(filter.offset)}`
  } else {
    const order = ORDERS[filter.sort]('p', filter.isSaleOn)
    if (hasPage) {
      // The filters and the page's bounds as a row, as the search's (searchMatches): a plan made for one category's
      // size and one page's offset costs more than the generic one to PostgreSQL's estimate, which then planned every
      // list anew (0.6 ms of a 0.95 ms statement); as a row, the generic plan is kept after the fifth bind.
      ctes.push(`
  list_bounds as materialized (
    select ${category ?? 'null'}::uuid as category_id, ${brand ?? 'null'}::uuid as brand_id,
           ${parameters.add(filter.limit)}::int as page_size, ${parameters.add(filter.offset)}::int as page_start
  )`)
      const bounded = [
        'true',
        ...(category ? ['p.category_id = (select b.category_id from list_bounds b)'] : []),
        ...(brand ? ['p.brand_id = (select b.brand_id from list_bounds b)'] : []),
      ].join(' and ')
      page = `select p.id, row_number() over (order by ${order}) as position from products p where ${bounded}
            order by ${order} limit (select b.page_size from list_bounds b) offset (select b.page_start from list_bounds b)`
    }
  }
  if (hasBaseSet) {
    total = `select count(*)::int from matched m where ${where('m')}`
    categoryCounts = `select m.category_id as id, count(*)::int as count from matched m where ${where('m', { withCategory: false })} group by 1`
    brandCounts = `select m.brand_id as id, count(*)::int as count from matched m where ${where('m', { withBrand: false })} and m.brand_id is not null group by 1`
  } else {
    // Without a search the counts are read from the small count tables of migration 0004.
    total =
      category && brand
        ? `select coalesce(sum(f.product_count), 0)::int from product_facet_counts f where ${where('f')}`
        : category
          ? `select coalesce(sum(f.product_count), 0)::int from product_category_totals f where f.category_id = ${category}::uuid`
          : brand
            ? `select coalesce(sum(f.product_count), 0)::int from product_brand_totals f where f.brand_id = ${brand}::uuid`
            : 'select coalesce(sum(f.product_count), 0)::int from product_category_totals f'
    categoryCounts = brand
      ? `select f.category_id as id, sum(f.product_count)::int as count from product_facet_counts f
          where f.brand_id = ${brand}::uuid group by 1`
      : 'select f.category_id as id, f.product_count as count from product_category_totals f'
    brandCounts = category
      ? `select f.brand_id as id, sum(f.product_count)::int as count from product_facet_counts f
          where f.category_id = ${category}::uuid and f.brand_id is not null group by 1`
      : 'select f.brand_id as id, f.product_count as count from product_brand_totals f'
  }
  // A chosen category or brand stays in its list even when the other filters leave it empty.
  const facet = (table: string, counts: string, selected: string | undefined) => `
    select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'count', coalesce(c.count, 0))
                             order by t.name collate "und-x-icu", t.id), '[]')::text
      from ${table} t left join (${counts}) c on c.id = t.id
     where coalesce(c.count, 0) > 0${selected ? ` or t.id = ${selected}::uuid` : ''}`
  const withs = [...ctes, ...(hasPage ? [`page as (${page})`] : [])]
  const columns = [
    ...(hasPage
      ? [
          `(select coalesce(json_agg(${filter.view === 'card' ? cardJson(filter.withWholesale, filter.isSaleOn) : productJson(filter.withWholesale, filter.isSaleOn)} order by page.position), '[]')::text
         from page join products p on p.id = page.id) as "productsJson"`,
          `(${total}) as total`,
        ]
      : []),
    ...(hasCounts
      ? [
          `(${facet('categories', categoryCounts, category)}) as "categoriesJson"`,
          `(${facet('brands', brandCounts, brand)}) as "brandsJson"`,
        ]
      : []),
    'sale_is_applied() as "isSaleOn"',
    // A search answers the words it used unless they were the caller's own (then they still hold).
    ...(search !== ''
      ? [
          `(select case when not q.is_kept then json_build_object('version', q.version, 'exactQuery', q.exact_query::text,
                'anyQuery', q.any_query::text, 'selection', q.selection::text, 'headQuery', q.head_query::text,
                'hasVariants', q.has_variants) end
         from search_selection q) as words`,
        ]
      : []),
  ]
  const text = `${withs.length > 0 ? `with ${withs.join(',\n')}` : ''}
    select ${columns.join(',\n      ')}`
  // Named: the statement's text depends only on the filters, the view and the kind of search text, never
  // on its words, so PostgreSQL parses it once per connection and keeps a generic plan.
  const { rows } = await db.query<Partial<ProductPage> & { words?: SearchWords | null }>(
    statement(text, parameters.values),
  )
  const row = rows[0]
  const result: ProductPage = {
    productsJson: row?.productsJson ?? '[]',
    total: row?.total ?? 0,
    categoriesJson: row?.categoriesJson ?? '[]',
    brandsJson: row?.brandsJson ?? '[]',
    isSaleOn: row?.isSaleOn ?? false,
  }
  const answered = row?.words ?? (search !== '' && words ? words : undefined)
  return answered ? { ...result, words: answered } : result
}

/** Every product as JSON text, in the store's recommended order (GET /api/products without parameters). */
export async function findAllProducts(db: Queryable, withWholesale: boolean, isSaleOn: boolean): Promise<string> {
  const { rows } = await db.query<{ products: string }>(
    `select coalesce(json_agg(${productJson(withWholesale, isSaleOn)} order by ${ORDERS.recommended('p', isSaleOn)}), '[]')::text as products
       from products p`,
  )
  return rows[0]?.products ?? '[]'
}

// A reference is an id or, failing that, a customId; a malformed id is simply not found.
const BY_REFERENCE = (reference: string) =>
  isUuid(reference)
    ? 'where p.id = $1::text::uuid or p.custom_id = $1::text order by (p.id = $1::text::uuid) desc limit 1'
    : 'where p.custom_id = $1::text'

export async function findProductIdByReference(db: Queryable, reference: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    statement(`select p.id from products p ${BY_REFERENCE(reference)}`, [reference]),
  )
  return rows[0]?.id
}

/** The product's JSON text. */
export async function findProductByReference(
  db: Queryable,
  reference: string,
  withWholesale: boolean,
  isSaleOn: boolean,
): Promise<string | undefined> {
  const { rows } = await db.query<{ product: string }>(
    statement(
      `select ${productJson(withWholesale, isSaleOn)}::text as product from products p ${BY_REFERENCE(reference)}`,
      [reference],
    ),
  )
  return rows[0]?.product
}

/**
 * Recommendations (customer-side.md §9): the same category plus names at least 0.5 similar; when
 * that leaves fewer than 4, products containing the first word of the name. Ordered with names
 * at least 0.7 similar first, then by closer price (and, as every list, out of stock last).
 * Within a large category only the products nearest in price can make the top 8, so the
 * category contributes its 8 nearest above and below the price, read from the price indexes.
 */
/** Recommendations as JSON text (an array of products). */
export async function findRecommendations(
  db: Queryable,
  id: string,
  withWholesale: boolean,
  isSaleOn: boolean,
): Promise<string> {
  const parameters = new Parameters()
  const price = (alias: string) => priceColumn(alias, 'effective_price', isSaleOn)
  const target = parameters.add(id)
  const similar = parameters.add(SIMILAR_NAME_THRESHOLD)
  const close = parameters.add(CLOSE_NAME_THRESHOLD)
  const limit = parameters.add(RECOMMENDATION_LIMIT)
  const minimum = parameters.add(RECOMMENDATION_MINIMUM)
  const neighbours = (isAvailable: boolean, direction: 'above' | 'below') => `
    (select p.id from products p, target t
      where p.category_id = t.category_id and p.is_available = ${isAvailable} and p.id <> t.id
        and ${price('p')} ${direction === 'above' ? '>=' : '<'} t.effective_price
      order by ${price('p')} ${direction === 'above' ? 'asc' : 'desc'} limit ${limit})`
  const text = `
    with target as (
      select p.id, p.category_id, p.search_name, ${price('p')} as effective_price,
             split_part(p.search_name, ' ', 1) as first_word
        from products p where p.id = ${target}
    ),
    named as (
      select p.id, similarity(p.search_name, t.search_name) as name_similarity
        from products p, target t
       where p.search_name % t.search_name and p.id <> t.id
    ),
    pool as (
      select id from named where name_similarity >= ${similar}
      union ${neighbours(true, 'above')}
      union ${neighbours(true, 'below')}
      union ${neighbours(false, 'above')}
      union ${neighbours(false, 'below')}
    ),
    ranked as (
      select p.id, p.name, p.is_available,
             coalesce(n.name_similarity, similarity(p.search_name, t.search_name)) as name_similarity,
             abs(${price('p')} - t.effective_price) as price_distance
        from pool join products p on p.id = pool.id cross join target t left join named n on n.id = p.id
    ),
    widened as (
      select p.id, p.name, p.is_available, similarity(p.search_name, t.search_name) as name_similarity,
             abs(${price('p')} - t.effective_price) as price_distance
        from products p, target t
       where (select count(*) from ranked) < ${minimum} and length(t.first_word) > 0 and p.id <> t.id
         and p.search_name like '%' || replace(replace(replace(t.first_word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
         and p.id not in (select id from ranked)
       order by price_distance limit ${limit}
    ),
    chosen as (
      select * from (select * from ranked union all select * from widened) candidates
       order by is_available desc, (name_similarity >= ${close}) desc, price_distance, name collate "und-x-icu", id
       limit ${limit}
    )
    select coalesce(json_agg(${productJson(withWholesale, isSaleOn)}
             order by chosen.is_available desc, (chosen.name_similarity >= ${close}) desc, chosen.price_distance,
                      chosen.name collate "und-x-icu", chosen.id), '[]')::text as products
      from chosen join products p on p.id = chosen.id`
  // Named: planning it took longer than running it (about 1.9 of 3.6 ms on 10,000 products); the generic plan is kept.
  const { rows } = await db.query<{ products: string }>(statement(text, parameters.values))
  return rows[0]?.products ?? '[]'
}

export type CategoryRow = {
  id: string
  _id: string
  name: string
  description: string | null
  createdAt: string
  updatedAt: string
  /** docs/decisions.md ('Edits that never overwrite each other'): the version a staff edit sends back. */
  version: number
}

export async function findCategories(db: Queryable): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    `select id, id as "_id", name, description, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt", version
       from categories order by name collate "und-x-icu", id`,
  )
}

export type BrandRow = CategoryRow & { image_url: string | null }

export async function findBrands(db: Queryable): Promise<BrandRow[]> {
  return queryRows<BrandRow>(
    db,
    `select id, id as "_id", name, description, image_url, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt", version
       from brands order by name collate "und-x-icu", id`,
  )
}

export type SaleProductRow = {
  product: CatalogueProduct
  sale_product_id: string
  original_price: number
  discount_percentage: number
  discounted_price: number
  /** The sale is applied now: the product's JSON shows the sale's prices. */
  is_applied: boolean
}

/** Products of the sale (sale_products) with their product fields, by product name. */
export async function findSaleProducts(db: Queryable, withWholesale: boolean): Promise<SaleProductRow[]> {
  const isSaleOn = await findIsSaleOn(db)
  return queryRows<SaleProductRow>(
    db,
    `select ${productJson(withWholesale, isSaleOn)} as product, s.id as sale_product_id, s.original_price,
            s.discount_percentage, s.discounted_price, ${isSaleOn} as is_applied
       from sale_products s join products p on p.id = s.product_id
      order by p.name collate "und-x-icu", p.id`,
  )
}

// ---- Products (staff) ----
/**
 * A product as the API answers it (staff-and-content.md §3 Product): the shape of the public
 * catalogue (schemas/catalogue.ts catalogueProduct), wholesale price included for staff; the stored
 * values with the ids, the category's and brand's names and the timestamps.
 */
export type StaffProduct = ProductValues & {
  id: string
  _id: string
  /** The category's name, as the public catalogue answers it. */
  category: string
  /** The brand's name. */
  brand: string | null
  /**
   * Set while discount_price is the running sale's (the sale is applied and its price is below the product's own
   * discount): the staff form marks it as the sale's; own_discount_price is the product's own, which shows again
   * when the sale ends (docs/decisions.md, 'Sales computed when read').
   */
  sale_discount: { own_discount_price: number | null } | null
  created_at: string
  updated_at: string
  /** docs/decisions.md ('Edits that never overwrite each other'): the version a staff edit sends back. */
  version: number
}

export type AdminProduct = StaffProduct & { isOutOfStock: boolean }

/** The columns that the staff answer keeps under their own name, then the ones it renames or drops. */
type ProductRow = Pick<
  StaffProduct,
  | 'id'
  | 'name'
  | 'description'
  | 'short_description'
  | 'price'
  | 'discount_price'
  | 'wholesale_price'
  | 'price_floor'
  | 'max_per_buyer_per_day'
  | 'unit'
  | 'no_line_limit'
  | 'weight_kg'
  | 'stock'
  | 'infinite_stock'
  | 'has_sizes'
  | 'featured'
  | 'recommended'
  | 'specifications'
  | 'images'
> & {
  custom_id: string
  category_id: string
  category_name: string
  brand_id: string | null
  brand_name: string | null
  options: SizeStockEntry[]
  sale_discount: { own_discount_price: number | null } | null
  is_out_of_stock: boolean
  created_at: Date
  updated_at: Date
  version: number
}

// Images and options come back as JSON arrays in their saved order; numeric inside JSON is a
// JSON number, so prices arrive as numbers here too. An option without its own price sells at
// the product's (as the public catalogue answers it).
const PRODUCT_SELECT = `
  select p.id, p.custom_id, p.name, p.description, p.short_description, p.price,
         product_charged_discount(p) as discount_price, p.wholesale_price, p.price_floor, p.max_per_buyer_per_day, p.unit, p.no_line_limit,
         p.weight_kg, p.category_id, c.name as category_name, p.brand_id, b.name as brand_name,
         p.stock, p.infinite_stock, p.has_sizes, p.featured, p.recommended, p.specifications,
         p.created_at, p.updated_at, p.version,
         coalesce((select json_agg(json_build_object('url', i.url, 'is_primary', i.is_primary) order by i.position, i.id)
                     from product_images i where i.product_id = p.id), '[]') as images,
         coalesce((select json_agg(json_build_object(
                            'size', o.size, 'customId', o.custom_id, 'stock', o.stock, 'infinite', o.infinite,
                            'price', coalesce(o.price, p.price), 'discount_price', o.discount_price, 'wholesale_price', o.wholesale_price,
                            -- The option's own weight: staff edit it, null means the product's.
                            'weight_kg', o.weight_kg)
                            order by o.position, o.size)
                     from product_options o where o.product_id = p.id), '[]') as options,
         -- The price the shop charges while the sale is applied (migration 0036), when it is the sale's.
         case when product_charged_discount(p) is distinct from p.discount_price
              then json_build_object('own_discount_price', p.discount_price) end as sale_discount,
         case when p.has_sizes
              then not exists (select 1 from product_options o where o.product_id = p.id and (o.infinite or o.stock > 0))
              else not p.infinite_stock and p.stock <= 0 end as is_out_of_stock
    from products p
    join categories c on c.id = p.category_id
    left join brands b on b.id = p.brand_id`

function toStaffProduct(row: ProductRow): StaffProduct {
  return {
    id: row.id,
    _id: row.id,
    customId: row.custom_id,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    price: row.price,
    discount_price: row.discount_price,
    wholesale_price: row.wholesale_price,
    price_floor: row.price_floor,
    max_per_buyer_per_day: row.max_per_buyer_per_day,
    unit: row.unit,
    no_line_limit: row.no_line_limit,
    weight_kg: row.weight_kg,
    images: row.images,
    categoryId: row.category_id,
    brandId: row.brand_id,
    category: row.category_name,
    brand: row.brand_name,
    sale_discount: row.sale_discount,
    stock: row.stock,
    infinite_stock: row.infinite_stock,
    has_sizes: row.has_sizes,
    sizes: row.has_sizes ? row.options.map((option) => option.size) : [],
    size_stock: row.has_sizes ? row.options : [],
    featured: row.featured,
    recommended: row.recommended,
    specifications: row.specifications,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}

export function findProductById(client: Queryable, id: string): Promise<StaffProduct | null> {
  return queryOne(client, toStaffProduct, `${PRODUCT_SELECT} where p.id = $1`, [id])
}

/** Locks the product row for the rest of the transaction; false when there is none. */
export async function lockProduct(client: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from products where id = $1 for update', [id])
  return rowCount === 1
}

function productParameters(product: ProductValues): unknown[] {
  return [
    product.customId,
    product.name,
    product.description,
    product.short_description,
    product.price,
    product.discount_price,
    product.wholesale_price,
    product.categoryId,
    product.brandId,
    product.stock,
    product.infinite_stock,
    product.has_sizes,
    product.featured,
    product.recommended,
    JSON.stringify(product.specifications),
    product.price_floor,
    product.max_per_buyer_per_day,
    product.unit,
    product.no_line_limit,
    product.weight_kg,
  ]
}

export async function insertProduct(client: Queryable, product: ProductValues): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into products (custom_id, name, description, short_description, price, discount_price, wholesale_price,
                           category_id, brand_id, stock, infinite_stock, has_sizes, featured, recommended, specifications,
                           price_floor, max_per_buyer_per_day, unit, no_line_limit, weight_kg)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18, $19, $20)
     returning id`,
    productParameters(product),
  )
  return rows[0]!.id
}

export async function updateProduct(client: Queryable, id: string, product: ProductValues): Promise<void> {
  await client.query(
    `update products
        set custom_id = $1, name = $2, description = $3, short_description = $4, price = $5, discount_price = $6,
            wholesale_price = $7, category_id = $8, brand_id = $9, stock = $10, infinite_stock = $11, has_sizes = $12,
            featured = $13, recommended = $14, specifications = $15::jsonb, price_floor = $16,
            max_per_buyer_per_day = $17, unit = $18, no_line_limit = $19, weight_kg = $20, updated_at = now()
      where id = $21`,
    [...productParameters(product), id],
  )
}

export async function replaceImages(
  client: Queryable,
  productId: string,
  images: ProductValues['images'],
): Promise<void> {
  await client.query('delete from product_images where product_id = $1', [productId])
  if (images.length === 0) return
  await client.query(
    `insert into product_images (product_id, url, is_primary, position)
     select $1, image.url, image.is_primary, image.position - 1
       from unnest($2::text[], $3::boolean[]) with ordinality as image(url, is_primary, position)`,
    [productId, images.map((image) => image.url), images.map((image) => image.is_primary)],
  )
}

/**
 * Replaces the product's options with `options`. An option whose label stays keeps its row, so
 * that order lines pointing at it (order_items.option_id) keep pointing at it.
 */
export async function replaceOptions(client: Queryable, productId: string, options: SizeStockEntry[]): Promise<void> {
  const sizes = options.map((option) => option.size)
  await client.query('delete from product_options where product_id = $1 and not (size = any($2::text[]))', [
    productId,
    sizes,
  ])
  if (options.length === 0) return
  await client.query(
    `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price,
                                  weight_kg)
     select $1, option.position - 1, option.size, option.custom_id, option.stock, option.infinite,
            option.price, option.discount_price, option.wholesale_price, option.weight_kg
       from unnest($2::text[], $3::text[], $4::integer[], $5::boolean[], $6::numeric[], $7::numeric[], $8::numeric[],
                   $9::numeric[])
            with ordinality as option(size, custom_id, stock, infinite, price, discount_price, wholesale_price, weight_kg,
                                      position)
     on conflict (product_id, size) do update
        set position = excluded.position, custom_id = excluded.custom_id, stock = excluded.stock,
            infinite = excluded.infinite, price = excluded.price, discount_price = excluded.discount_price,
            wholesale_price = excluded.wholesale_price, weight_kg = excluded.weight_kg`,
    [
      productId,
      sizes,
      options.map((option) => option.customId),
      options.map((option) => option.stock),
      options.map((option) => option.infinite),
      options.map((option) => option.price),
      options.map((option) => option.discount_price),
      options.map((option) => option.wholesale_price),
      options.map((option) => option.weight_kg ?? null),
    ],
  )
}

export async function deleteProduct(client: Queryable, id: string): Promise<void> {
  await client.query('delete from products where id = $1', [id])
}

export type AdminProductQuery = { words: string[]; limit: number; offset: number }

// LIKE treats % and _ as wildcards and \ as its escape; a search word means only itself.
function likePattern(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * The staff list (§2 Products admin): each word must match the name, description, code, option
 * codes or option labels, folded as the search_* columns are (lower case, no accents).
 */
export async function listAdminProducts(
  client: Queryable,
  query: AdminProductQuery,
): Promise<{ products: AdminProduct[]; total: number }> {
  const parameters: unknown[] = []
  const conditions = query.words.map((word) => {
    parameters.push(likePattern(word))
    const pattern = `'%' || shop_fold($${parameters.length}) || '%'`
    return `(p.search_name like ${pattern} or p.search_description like ${pattern}
             or p.search_codes like ${pattern} or p.search_options like ${pattern})`
  })
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  const page = await client.query<ProductRow & { total: number }>(
    `${PRODUCT_SELECT.replace('select p.id,', 'select count(*) over ()::int as total, p.id,')} ${where}
      order by p.name collate "und-x-icu", p.custom_id, p.id
      limit $${parameters.length + 1} offset $${parameters.length + 2}`,
    [...parameters, query.limit, query.offset],
  )
  let total = page.rows[0]?.total ?? 0
  // A page past the end has no rows to carry the count.
  if (page.rows.length === 0 && query.offset > 0) {
    const count = await client.query<{ total: number }>(
      `select count(*)::int as total from products p ${where}`,
      parameters,
    )
    total = count.rows[0]?.total ?? 0
  }
  return {
    products: page.rows.map((row) => ({ ...toStaffProduct(row), isOutOfStock: row.is_out_of_stock })),
    total,
  }
}

/**
 * docs/decisions.md, 'Product weights and shipping by weight': products a parcel cannot be weighed with,
 * because the product, or one of its options, has no weight (an option without its own takes the product's).
 */
export async function listProductsWithoutWeight(
  client: Queryable,
): Promise<{ id: string; customId: string; name: string }[]> {
  return queryRows<{ id: string; customId: string; name: string }>(
    client,
    `select p.id, p.custom_id as "customId", p.name
       from products p
      where case when p.has_sizes
                 then exists (select 1 from product_options o
                               where o.product_id = p.id and coalesce(o.weight_kg, p.weight_kg) is null)
                 else p.weight_kg is null end
      order by p.name collate "und-x-icu", p.custom_id`,
  )
}

// ---- Categories and brands (staff) ----
/** Staff writes answer a category or brand in the shape of the public reads. */
export type Category = CategoryRow
export type Brand = BrandRow

type StoredCategoryRow = {
  id: string
  name: string
  description: string | null
  created_at: Date
  updated_at: Date
  version: number
}
type StoredBrandRow = StoredCategoryRow & { image_url: string | null }

function toCategory(row: StoredCategoryRow): Category {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  }
}

function toBrand(row: StoredBrandRow): Brand {
  return { ...toCategory(row), image_url: row.image_url }
}

/**
 * Categories and brands are stored alike, a brand with its image besides: a table's staff statements over the
 * columns its form writes (`written`, named as the form's fields), each answering the row as the public reads do.
 */
function taxonomyStatements<Row extends QueryResultRow, T, const Column extends string>(
  table: 'categories' | 'brands',
  written: readonly Column[],
  map: (row: Row) => T,
) {
  const returned = `id, ${written.join(', ')}, created_at, updated_at, version`
  const placeholders = written.map((_, index) => `$${index + 1}`).join(', ')
  const assignments = written.map((column, index) => `${column} = $${index + 2}`).join(', ')
  const values = (input: { [K in Column]?: unknown }) => written.map((column) => input[column] ?? null)
  return {
    lock: (client: Queryable, id: string): Promise<T | null> =>
      queryOne(client, map, `select ${returned} from ${table} where id = $1 for update`, [id]),
    insert: (client: Queryable, input: { [K in Column]?: unknown }): Promise<T> =>
      queryReturning(
        client,
        map,
        `insert into ${table} (${written.join(', ')}) values (${placeholders}) returning ${returned}`,
        values(input),
      ),
    update: (client: Queryable, id: string, input: { [K in Column]?: unknown }): Promise<T> =>
      queryReturning(
        client,
        map,
        `update ${table} set ${assignments}, updated_at = now() where id = $1 returning ${returned}`,
        [id, ...values(input)],
      ),
  }
}

export const categoryRows = taxonomyStatements('categories', ['name', 'description'], toCategory)
export const brandRows = taxonomyStatements('brands', ['name', 'description', 'image_url'], toBrand)

export async function deleteCategory(client: Queryable, id: string): Promise<void> {
  await client.query('delete from categories where id = $1', [id])
}

export type SlideLinkRow = { id: string; link: string | null; category_id: string | null }

/** Slides that link to the category; they lose the link with it (slides.category_id is set null). */
export async function lockSlidesOfCategory(client: Queryable, categoryId: string): Promise<SlideLinkRow[]> {
  return queryRows<SlideLinkRow>(
    client,
    'select id, link, category_id from slides where category_id = $1 order by id for update',
    [categoryId],
  )
}

export async function unlinkSlide(client: Queryable, slideId: string): Promise<void> {
  await client.query('update slides set link = null, category_id = null, updated_at = now() where id = $1', [slideId])
}

/** Products of the brand lose it (products.brand_id is set null by the schema). */
export async function deleteBrand(client: Queryable, id: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    'select id from products where brand_id = $1 order by id for update',
    [id],
  )
  await client.query('delete from brands where id = $1', [id])
  return rows.map((row) => row.id)
}

// ---- Stock ledger (docs/decisions.md, 'Stock ledger') ----
// The rows are written by the triggers of migration 0023; these read them and make staff corrections.

export type StockLedgerFilter = {
  kind?: string | undefined
  /** An option's code (or label when it has no code); '-' for the product's own stock. */
  optionCode?: string | undefined
  /** Inclusive days, 'YYYY-MM-DD' in UTC. */
  from?: string | undefined
  to?: string | undefined
}

type StockLedgerDbRow = {
  id: string
  at: Date | string
  actor_email: string | null
  /** The ledger's check constraint admits only these (migration 0023). */
  kind: StockLedgerRow['kind']
  reason: string
  option_code: string | null
  option_size: string | null
  change: number
  resulting_stock: number
}

function toStockLedgerRow(row: StockLedgerDbRow): StockLedgerRow {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor_email,
    kind: row.kind,
    reason: row.reason,
    optionCode: row.option_code ?? row.option_size,
    optionSize: row.option_size,
    change: row.change,
    resultingStock: row.resulting_stock,
  }
}

function stockLedgerWhere(productId: string, filter: StockLedgerFilter): { where: string; parameters: unknown[] } {
  const parameters: unknown[] = [productId]
  const conditions = ['l.product_id = $1']
  if (filter.kind) {
    parameters.push(filter.kind)
    conditions.push(`l.kind = $${parameters.length}`)
  }
  if (filter.optionCode === '-') conditions.push('l.option_id is null')
  else if (filter.optionCode) {
    parameters.push(filter.optionCode)
    conditions.push(`coalesce(l.option_code, l.option_size) = $${parameters.length}`)
  }
  if (filter.from) {
    parameters.push(filter.from)
    conditions.push(`l.at >= ($${parameters.length}::date)::timestamp at time zone 'UTC'`)
  }
  if (filter.to) {
    parameters.push(filter.to)
    conditions.push(`l.at < ($${parameters.length}::date + 1)::timestamp at time zone 'UTC'`)
  }
  return { where: conditions.join(' and '), parameters }
}

const STOCK_LEDGER_COLUMNS = `l.id::text as id, l.at, l.actor_email, l.kind, l.reason, l.option_code, l.option_size,
  l.change, l.resulting_stock`

/** One page of a product's ledger, newest first. */
export async function findStockLedgerPage(
  client: Queryable,
  productId: string,
  filter: StockLedgerFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StockLedgerRow[]; total: number }> {
  const { where, parameters } = stockLedgerWhere(productId, filter)
  const [rows, count] = await Promise.all([
    client.query<StockLedgerDbRow>(
      `select ${STOCK_LEDGER_COLUMNS} from stock_ledger l where ${where}
        order by l.at desc, l.id desc limit $${parameters.length + 1} offset $${parameters.length + 2}`,
      [...parameters, page.limit, page.offset],
    ),
    client.query<{ total: number }>(`select count(*)::int as total from stock_ledger l where ${where}`, parameters),
  ])
  return { rows: rows.rows.map(toStockLedgerRow), total: count.rows[0]?.total ?? 0 }
}

/** The whole filtered ledger for a download, newest first, at most `limit` rows. */
export async function findStockLedgerRows(
  client: Queryable,
  productId: string,
  filter: StockLedgerFilter,
  limit: number,
): Promise<StockLedgerRow[]> {
  const { where, parameters } = stockLedgerWhere(productId, filter)
  const { rows } = await client.query<StockLedgerDbRow>(
    `select ${STOCK_LEDGER_COLUMNS} from stock_ledger l where ${where}
      order by l.at desc, l.id desc limit $${parameters.length + 1}`,
    [...parameters, limit],
  )
  return rows.map(toStockLedgerRow)
}

export type StockState = {
  customId: string
  stock: number
  infiniteStock: boolean
  hasSizes: boolean
  options: { id: string; optionCode: string; size: string; stock: number; infinite: boolean }[]
}

/** A product's stock now, with its options in their order; undefined when there is no such product. */
export async function findStockState(client: Queryable, productId: string): Promise<StockState | undefined> {
  const product = await client.query<{ custom_id: string; stock: number; infinite_stock: boolean; has_sizes: boolean }>(
    'select custom_id, stock, infinite_stock, has_sizes from products where id = $1',
    [productId],
  )
  const row = product.rows[0]
  if (!row) return undefined
  const options = await client.query<{ id: string; code: string; size: string; stock: number; infinite: boolean }>(
    `select id, coalesce(custom_id, size) as code, size, stock, infinite from product_options
      where product_id = $1 order by position, size`,
    [productId],
  )
  return {
    customId: row.custom_id,
    stock: row.stock,
    infiniteStock: row.infinite_stock,
    hasSizes: row.has_sizes,
    options: options.rows.map((option) => ({
      id: option.id,
      optionCode: option.code,
      size: option.size,
      stock: option.stock,
      infinite: option.infinite,
    })),
  }
}

/** Locks one option of the product by its code (or label); undefined when it has none such. */
export async function lockOptionByCode(
  client: Queryable,
  productId: string,
  code: string,
): Promise<{ id: string; stock: number; infinite: boolean } | undefined> {
  const { rows } = await client.query<{ id: string; stock: number; infinite: boolean }>(
    `select id, stock, infinite from product_options
      where product_id = $1 and (custom_id = $2 or size = $2)
      order by (custom_id = $2) desc nulls last limit 1 for update`,
    [productId, code],
  )
  return rows[0]
}

export async function addProductStock(client: Queryable, productId: string, change: number): Promise<number> {
  const { rows } = await client.query<{ stock: number }>(
    'update products set stock = stock + $2, updated_at = now() where id = $1 returning stock',
    [productId, change],
  )
  return rows[0]!.stock
}

export async function addOptionStock(client: Queryable, optionId: string, change: number): Promise<number> {
  const { rows } = await client.query<{ stock: number }>(
    'update product_options set stock = stock + $2 where id = $1 returning stock',
    [optionId, change],
  )
  return rows[0]!.stock
}

// ---- Spreadsheet import/export and bulk price change ----
// docs/decisions.md, 'Catalogue in a spreadsheet'. Reads and writes go in batches (unnest of arrays),
// so that 10,000 rows are a handful of statements rather than 10,000.

/** An option with its own stored prices (null: sells at the product's), in its place on the sheet. */
export type SheetOption = ProductOptionRow & { position: number }

export type SheetProduct = {
  id: string
  custom_id: string
  name: string
  description: string | null
  category_id: string
  category: string
  brand_id: string | null
  brand: string | null
  price: number
  discount_price: number | null
  wholesale_price: number | null
  stock: number
  infinite_stock: boolean
  unit: string
  weight_kg: number | null
  /** docs/decisions.md, 'Money rules': the owner's floor (null: the wholesale price, where one exists). */
  price_floor: number | null
  has_sizes: boolean
  options: SheetOption[]
}

// docs/decisions.md 'A staff price change beside a running sale': the spreadsheet (export, import, bulk price
// change) deals in the products' own prices, which are all the stored ones ('Sales computed when read').
const SHEET_PRODUCT_SELECT = `
  select p.id, p.custom_id, p.name, p.description, p.category_id, c.name as category, p.brand_id, b.name as brand,
         p.price, p.discount_price, p.wholesale_price,
         p.stock, p.infinite_stock, p.unit, p.weight_kg, p.price_floor, p.has_sizes,
         coalesce((select json_agg(json_build_object('id', o.id, 'size', o.size, 'custom_id', o.custom_id,
                            'position', o.position, 'stock', o.stock, 'infinite', o.infinite, 'price', o.price,
                            'discount_price', o.discount_price, 'wholesale_price', o.wholesale_price,
                            'weight_kg', o.weight_kg)
                            order by o.position, o.size)
                     from product_options o
                    where o.product_id = p.id), '[]') as options
    from products p
    join categories c on c.id = p.category_id
    left join brands b on b.id = p.brand_id`

/** One page of the export, by code after `afterCode` (keyset paging keeps each page as cheap as the first). */
export async function findSheetProductsAfter(
  db: Queryable,
  afterCode: string | null,
  limit: number,
): Promise<SheetProduct[]> {
  return queryRows<SheetProduct>(
    db,
    `${SHEET_PRODUCT_SELECT} where ($1::text is null or p.custom_id > $1) order by p.custom_id limit $2`,
    [afterCode, limit],
  )
}

/** The products with these codes; `lock` takes their row locks for an import that writes. */
export async function findSheetProductsByCodes(db: Queryable, codes: string[], lock: boolean): Promise<SheetProduct[]> {
  return queryRows<SheetProduct>(
    db,
    `${SHEET_PRODUCT_SELECT} where p.custom_id = any($1::text[]) ${lock ? 'for update of p' : ''}`,
    [codes],
  )
}

export type PriceChangeFilter = { brandId: string | null; categoryId: string | null; ids: string[] | null }

/** The products a bulk price change touches, by name; locked when the change is applied. */
export async function findSheetProductsByFilter(
  db: Queryable,
  filter: PriceChangeFilter,
  lock: boolean,
): Promise<SheetProduct[]> {
  return queryRows<SheetProduct>(
    db,
    `${SHEET_PRODUCT_SELECT}
      where ($1::uuid is null or p.brand_id = $1) and ($2::uuid is null or p.category_id = $2)
        and ($3::uuid[] is null or p.id = any($3::uuid[]))
      order by p.name collate "und-x-icu", p.custom_id ${lock ? 'for update of p' : ''}`,
    [filter.brandId, filter.categoryId, filter.ids],
  )
}

export async function findCategoryAndBrandNames(
  db: Queryable,
): Promise<{ categories: { id: string; name: string }[]; brands: { id: string; name: string }[] }> {
  const [categories, brands] = [
    await db.query<{ id: string; name: string }>('select id, name from categories'),
    await db.query<{ id: string; name: string }>('select id, name from brands'),
  ]
  return { categories: categories.rows, brands: brands.rows }
}

/** A product's row as an import writes it: the stored columns without the names read beside them; no id when new. */
export type SheetProductWrite = Omit<SheetProduct, 'id' | 'category' | 'brand' | 'price_floor' | 'options'> & {
  id: string | null
}

/** A product row's columns as the import writes them: its code, whether it has sizes and the fields a sheet edits. */
const SHEET_PRODUCT_COLUMNS = ['custom_id', 'has_sizes', ...SHEET_PRODUCT_FIELDS] as const

/** New products in one statement; answers their ids by code. */
export async function insertSheetProducts(
  client: Queryable,
  products: SheetProductWrite[],
): Promise<Map<string, string>> {
  if (products.length === 0) return new Map()
  const { rows } = await client.query<{ id: string; custom_id: string }>(
    `insert into products (custom_id, has_sizes, name, description, category_id, brand_id, price, discount_price,
                           wholesale_price, stock, infinite_stock, unit, weight_kg)
     select * from unnest($1::text[], $2::boolean[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::numeric[],
                          $8::numeric[], $9::numeric[], $10::integer[], $11::boolean[], $12::text[], $13::numeric[])
     returning id, custom_id`,
    columnArrays(products, SHEET_PRODUCT_COLUMNS),
  )
  return new Map(rows.map((row) => [row.custom_id, row.id]))
}

/**
 * Changed products in one statement (every column of the import, as merged by the service). Names and
 * descriptions are written by a second statement for only the rows whose text changed: naming those
 * columns fires the search folding trigger (migration 0001) for every row, which a price list never needs.
 */
export async function updateSheetProducts(
  client: Queryable,
  products: SheetProductWrite[],
  textChanged: Set<string>,
): Promise<void> {
  if (products.length === 0) return
  await client.query(
    `update products p
        set category_id = v.category_id, brand_id = v.brand_id, price = v.price, discount_price = v.discount_price,
            wholesale_price = v.wholesale_price, stock = v.stock, infinite_stock = v.infinite_stock, unit = v.unit,
            weight_kg = v.weight_kg, updated_at = now(), version = p.version + 1
       from unnest($1::text[], $2::boolean[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::numeric[],
                   $8::numeric[], $9::numeric[], $10::integer[], $11::boolean[], $12::text[], $13::numeric[], $14::uuid[])
            as v(custom_id, has_sizes, name, description, category_id, brand_id, price, discount_price, wholesale_price,
                 stock, infinite_stock, unit, weight_kg, id)
      where p.id = v.id`,
    columnArrays(products, [...SHEET_PRODUCT_COLUMNS, 'id']),
  )
  const texts = products.filter((product) => product.id !== null && textChanged.has(product.id))
  if (texts.length === 0) return
  await client.query(
    `update products p set name = v.name, description = v.description
       from unnest($1::uuid[], $2::text[], $3::text[]) as v(id, name, description)
      where p.id = v.id`,
    columnArrays(texts, ['id', 'name', 'description']),
  )
}

export type SheetOptionWrite = Omit<SheetOption, 'id'> & { id: string | null; product_id: string }

/** An option row's columns as the import writes them: its product, place and size, and the fields a sheet edits. */
const SHEET_OPTION_COLUMNS = ['product_id', 'position', 'size', ...SHEET_OPTION_FIELDS] as const

export async function insertSheetOptions(client: Queryable, options: SheetOptionWrite[]): Promise<void> {
  if (options.length === 0) return
  await client.query(
    `insert into product_options (product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price,
                                  weight_kg)
     select * from unnest($1::uuid[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::boolean[],
                          $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[])`,
    columnArrays(options, SHEET_OPTION_COLUMNS),
  )
}

export async function updateSheetOptions(client: Queryable, options: SheetOptionWrite[]): Promise<void> {
  if (options.length === 0) return
  await client.query(
    `update product_options o
        set custom_id = v.custom_id, stock = v.stock, infinite = v.infinite, price = v.price,
            discount_price = v.discount_price, wholesale_price = v.wholesale_price, weight_kg = v.weight_kg
       from unnest($1::uuid[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::boolean[],
                   $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::uuid[])
            as v(product_id, position, size, custom_id, stock, infinite, price, discount_price, wholesale_price,
                 weight_kg, id)
      where o.id = v.id`,
    columnArrays(options, [...SHEET_OPTION_COLUMNS, 'id']),
  )
}

export type PriceWrite = {
  id: string
  /** null: an option that keeps selling at its product's price. */
  price: number | null
  discount_price: number | null
  wholesale_price: number | null
}

/** New prices of products (`table` products) or options (`table` product_options) in one statement. */
export async function updatePrices(
  client: Queryable,
  table: 'products' | 'product_options',
  prices: PriceWrite[],
): Promise<void> {
  if (prices.length === 0) return
  await client.query(
    `update ${table} t
        set price = v.price, discount_price = v.discount_price, wholesale_price = v.wholesale_price
            ${table === 'products' ? ', updated_at = now()' : ''}
       from unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::numeric[]) as v(id, price, discount_price, wholesale_price)
      where t.id = v.id`,
    columnArrays(prices, ['id', 'price', 'discount_price', 'wholesale_price']),
  )
}
