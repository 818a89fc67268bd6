import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { unitOf } from '@shop/shared/rules/units.ts'
import { classNames } from '../../../ui/class-names.ts'
import type { ProductCardData } from '../api/catalogue.ts'
import { primaryImageUrl } from '../images.ts'
import { priceView } from '../pricing.ts'
import { DiscountBadge, PriceTag } from './price-tag.tsx'
import { ProductImage } from './product-image.tsx'

type ProductCardProps = {
  product: ProductCardData
  canSeeWholesale: boolean
  /** The rendered image width per layout (srcset sizes). */
  imageSizes: string
  isPriority?: boolean
  /** The home carousel's 'AKCIJA' badge on discounted products (customer-side.md §2 Home page). */
  showsSaleBadge?: boolean
  headingLevel?: 2 | 3
  onOpen?: () => void
  /** A button under the price (the home carousel's add to cart). */
  action?: ReactNode
}

/** A product in a grid or a carousel; out-of-stock products are dimmed and labelled (§2 Store page). */
export function ProductCard({
  product,
  canSeeWholesale,
  imageSizes,
  isPriority = false,
  showsSaleBadge = false,
  headingLevel = 3,
  onOpen,
  action,
}: ProductCardProps) {
  const view = priceView(product, null, canSeeWholesale)
  const isOut = !product.is_available
  const Heading = `h${headingLevel}` as const
  return (
    <article className={classNames('ui-card product-card', isOut && 'is-out-of-stock')}>
      <div className="product-card__media">
        <ProductImage url={primaryImageUrl(product)} alt="" sizes={imageSizes} isPriority={isPriority} />
        {/* Only with a badge: an empty row draws nothing and would cost the server render an element per card
            (docs/decisions.md, 'A render that costs little'). */}
        {view.discountPercent > 0 && (
          <div className="ui-overlay-badges">
            {showsSaleBadge && <span className="sale-badge">{catalogue.saleBadge}</span>}
            <DiscountBadge percent={view.discountPercent} />
          </div>
        )}
        {isOut && <span className="product-card__stock">{catalogue.outOfStock}</span>}
      </div>
      <div className="product-card__body">
        {product.brand && <p className="ui-kicker product-card__brand">{product.brand}</p>}
        <Heading className="product-card__name">
          <Link to={`/product/${product.id}`} className="product-card__link" onClick={onOpen}>
            {product.name}
          </Link>
        </Heading>
        {product.short_description && <p className="product-card__summary">{product.short_description}</p>}
        <div className="product-card__footer">
          <PriceTag view={view} unit={unitOf(product)} />
          {action}
        </div>
      </div>
    </article>
  )
}
