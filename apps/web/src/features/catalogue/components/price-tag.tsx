import { useContext } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { paysWholesalePrices } from '@shop/shared/rules/cart.ts'
import { DEFAULT_UNIT, type Unit } from '@shop/shared/rules/units.ts'
import { SessionContext } from '../../../app/session/session-context.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { Price } from '../../../ui/price.tsx'
import { classNames } from '../../../ui/class-names.ts'
import { wholesaleDisplay, type PriceView } from '../pricing.ts'

/**
 * The price, the struck regular price when discounted and, for entitled roles, the wholesale price.
 * A wholesale customer sees which price they pay: when a sale (or the price) is below the wholesale
 * price, the wholesale figure is struck through and, on the product page, a line says so (DECISIONS).
 * A product sold by the metre, kilogram… says what the price is for ('Cijena za 1 m').
 */
export function PriceTag({
  view,
  unit = DEFAULT_UNIT,
  isLarge = false,
}: {
  view: PriceView
  unit?: Unit
  isLarge?: boolean
}) {
  // Read without the throwing hook: a card may be drawn where no session is provided.
  const roles = useContext(SessionContext)?.user?.roles
  const display = wholesaleDisplay(view, paysWholesalePrices(roles))
  const value = formatPrice(view.wholesale ?? 0)
  return (
    <div className={classNames('price-tag', isLarge && 'price-tag--large')}>
      <Price value={view.current} originalValue={view.original} />
      {unit !== DEFAULT_UNIT && <p className="ui-note">{format(catalogue.pricePerUnit, { unit })}</p>}
      {display !== null && (
        <p className={classNames('price-tag__wholesale', display === 'undercut' && 'price-tag__wholesale--undercut')}>
          {isLarge ? (
            <span className="price-tag__wholesale-label">
              {catalogue.wholesalePrice} ({catalogue.wholesalePriceShort})
            </span>
          ) : (
            <abbr className="price-tag__wholesale-label" title={catalogue.wholesalePrice}>
              {catalogue.wholesalePriceShort}
            </abbr>
          )}
          {display === 'undercut' ? (
            <del className="price-tag__wholesale-value" title={catalogue.wholesaleNotApplied}>
              {value}
            </del>
          ) : (
            <span className="price-tag__wholesale-value">{value}</span>
          )}
        </p>
      )}
      {display === 'undercut' && isLarge && (
        <p className="price-tag__applies">
          {view.wholesaleBuyerPays === 'discount'
            ? catalogue.wholesaleUndercutDiscount
            : catalogue.wholesaleUndercutRegular}
        </p>
      )}
    </div>
  )
}

export function DiscountBadge({ percent }: { percent: number }) {
  if (percent <= 0) return null
  return <span className="discount-badge">{format(catalogue.card.discountBadge, { percent })}</span>
}
