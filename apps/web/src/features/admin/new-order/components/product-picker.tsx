import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { staffOrders as text } from '@shop/shared/messages/bs/staff-orders.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Button } from '../../../../ui/button.tsx'
import { Select, TextField } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'
import { searchProducts } from '../api/new-order.ts'

const MIN_QUERY = 2
const SEARCH_DELAY_MS = 300

/** What the page adds as a line: the product's code (or id), its name and the option chosen. */
export type PickedProduct = { reference: string; name: string; size: string | null; sizes: string[] }

export function stockText(stock: number, isInfinite: boolean): string {
  return isInfinite ? text.stockInfinite : format(text.stock, { count: stock })
}

/** Products and their options by name or code, with the stock each has now. */
export function ProductPicker({ onAdd }: { onAdd: (product: PickedProduct) => void }) {
  const [search, setSearch] = useState('')
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const found = useLoad((signal) => searchProducts(query, signal), query.length >= MIN_QUERY ? query : null)
  const matches = query.length >= MIN_QUERY ? (found.data ?? []) : []
  return (
    <div className="new-order__picker">
      <TextField
        label={text.productSearch}
        placeholder={text.productSearchPlaceholder}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query.length >= MIN_QUERY && found.status === 'ready' && matches.length === 0 && (
        <p className="new-order__note">{text.productNone}</p>
      )}
      {matches.length > 0 && (
        <ul className="new-order__matches" aria-label={text.productSearch}>
          {matches.map((product) => (
            <ProductMatch
              key={product.id}
              product={product}
              onAdd={(picked) => {
                setSearch('')
                onAdd(picked)
              }}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

function ProductMatch({ product, onAdd }: { product: CatalogueProduct; onAdd: (product: PickedProduct) => void }) {
  const sizes = product.has_sizes ? product.size_stock : []
  const [size, setSize] = useState(sizes[0]?.size ?? '')
  const chosen = sizes.find((entry) => entry.size === size)
  const stock = product.has_sizes
    ? chosen
      ? stockText(chosen.stock, chosen.infinite)
      : ''
    : stockText(product.stock, product.infinite_stock)
  return (
    <li className="new-order__match">
      <span>
        <strong>{product.name}</strong>
        <span className="new-order__sub">
          {product.customId} · {formatPrice(product.price)} · {stock}
        </span>
      </span>
      <span className="new-order__match-actions">
        {sizes.length > 0 && (
          <Select
            aria-label={`${text.size}: ${product.name}`}
            value={size}
            options={sizes.map((entry) => ({
              value: entry.size,
              label: `${entry.size} (${entry.infinite ? '∞' : entry.stock})`,
            }))}
            onChange={(event) => setSize(event.target.value)}
          />
        )}
        <Button
          size="sm"
          aria-label={`${text.add} ${product.name}`}
          onClick={() =>
            onAdd({
              reference: product.customId || product.id,
              name: product.name,
              size: product.has_sizes ? size || null : null,
              sizes: sizes.map((entry) => entry.size),
            })
          }
        >
          {text.add}
        </Button>
      </span>
    </li>
  )
}
