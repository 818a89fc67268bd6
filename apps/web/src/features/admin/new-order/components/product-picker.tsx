import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { staffOrders as text } from '@shop/shared/messages/bs/staff-orders.ts'
import type { CatalogueProduct } from '@shop/shared/schemas/catalogue.ts'
import { Button } from '../../../../ui/button.tsx'
import { Select } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { searchProducts } from '../api/new-order.ts'
import { SearchPicker } from './search-picker.tsx'

/** What the page adds as a line: the product's code (or id), its name and the option chosen. */
export type PickedProduct = { reference: string; name: string; size: string | null; sizes: string[] }

export function stockText(stock: number, isInfinite: boolean): string {
  return isInfinite ? text.stockInfinite : format(text.stock, { count: stock })
}

/** Products and their options by name or code, with the stock each has now. */
export function ProductPicker({ onAdd }: { onAdd: (product: PickedProduct) => void }) {
  return (
    <SearchPicker
      label={text.productSearch}
      placeholder={text.productSearchPlaceholder}
      none={text.productNone}
      find={searchProducts}
      renderMatch={(product, clearSearch) => (
        <ProductMatch
          key={product.id}
          product={product}
          onAdd={(picked) => {
            clearSearch()
            onAdd(picked)
          }}
        />
      )}
    />
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
    <li className="ui-split new-order__match">
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
