import { useId } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { isOptionOutOfStock } from '@shop/shared/rules/stock.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { classNames } from '../../../ui/class-names.ts'
import type { Product } from '../api/catalogue.ts'
import { priceView } from '../pricing.ts'

type Option = Product['size_stock'][number]

type OptionPickerProps = {
  product: Product
  selected: string | null
  onSelect: (size: string) => void
  canSeeWholesale: boolean
  /** 'Select a Size' after an add without a choice. */
  error: string | null
}

function stockText(option: Option): string {
  if (isOptionOutOfStock(option)) return catalogue.outOfStock
  return option.infinite
    ? catalogue.product.optionInStock
    : format(catalogue.product.optionStock, { count: option.stock })
}

/** The product's options (sizes), each with its own price and stock (customer-side.md §2 Product page). */
export function OptionPicker({ product, selected, onSelect, canSeeWholesale, error }: OptionPickerProps) {
  const errorId = useId()
  return (
    <fieldset className="option-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="option-picker__legend">{catalogue.product.optionLabel}</legend>
      <div className="option-picker__list">
        {product.size_stock.map((option) => {
          const isOut = isOptionOutOfStock(option)
          const view = priceView(product, option, canSeeWholesale)
          return (
            <label
              key={option.size}
              className={classNames('option-chip', selected === option.size && 'is-selected', isOut && 'is-out')}
            >
              <input
                type="radio"
                name="product-option"
                value={option.size}
                checked={selected === option.size}
                disabled={isOut}
                onChange={() => onSelect(option.size)}
              />
              <span className="option-chip__size">{option.size}</span>
              <span className="option-chip__price">
                {formatPrice(view.current)}
                {view.original !== null && <del>{formatPrice(view.original)}</del>}
              </span>
              <span className="option-chip__stock">{stockText(option)}</span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={errorId} className="option-picker__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
