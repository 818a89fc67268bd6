import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { Price } from '../../../ui/price.tsx'
import { classNames } from '../../../ui/class-names.ts'
import type { PriceView } from '../pricing.ts'

/** The price, the struck regular price when discounted and, for entitled roles, the wholesale price. */
export function PriceTag({ view, isLarge = false }: { view: PriceView; isLarge?: boolean }) {
  return (
    <div className={classNames('price-tag', isLarge && 'price-tag--large')}>
      <Price value={view.current} originalValue={view.original} />
      {view.wholesale !== null && (
        <p className="price-tag__wholesale">
          {isLarge ? (
            <span className="price-tag__wholesale-label">
              {catalogue.wholesalePrice} ({catalogue.wholesalePriceShort})
            </span>
          ) : (
            <abbr className="price-tag__wholesale-label" title={catalogue.wholesalePrice}>
              {catalogue.wholesalePriceShort}
            </abbr>
          )}
          <span className="price-tag__wholesale-value">{formatPrice(view.wholesale)}</span>
        </p>
      )}
    </div>
  )
}

export function DiscountBadge({ percent }: { percent: number }) {
  if (percent <= 0) return null
  return <span className="discount-badge">{format(catalogue.card.discountBadge, { percent })}</span>
}
