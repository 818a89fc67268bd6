import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { stockLedger } from '@shop/shared/messages/bs/stock-ledger.ts'
import { stockAlerts } from '@shop/shared/messages/bs/stock-alerts.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { BoxesIcon } from '../../../../ui/icons.tsx'
import { Price } from '../../../../ui/price.tsx'
import type { AdminProduct } from '../../api/products.ts'
import { CardActions } from '../../kit/staff-list.tsx'

const text = admin.product

/** One product of the admin grid; out of stock it turns red with 'Nema na stanju' (§2). */
export function ProductCard({
  product,
  onEdit,
  onDelete,
  onStock,
}: {
  product: AdminProduct
  onEdit: () => void
  onDelete: () => void
  /** Opens the product's stock history and correction form (docs/decisions.md, 'Stock ledger'). */
  onStock: () => void
}) {
  const image = product.images.find((candidate) => candidate.is_primary) ?? product.images[0]
  const stock = product.has_sizes
    ? product.size_stock
        .map((option) => `${option.size}: ${option.infinite ? text.infiniteStockShort : option.stock}`)
        .join(', ')
    : product.infinite_stock
      ? text.infiniteStockShort
      : String(product.stock)
  // docs/decisions.md ('Back-in-stock alerts'): a demand signal, the shoppers waiting for this product's stock.
  const waiting = product.waitingAlerts
  const waitingByOption = Object.entries(waiting?.options ?? {})
    .map(([option, count]) => format(stockAlerts.waitingOption, { option, count }))
    .join(', ')
  return (
    <article className={`ui-card staff-card staff-product${product.isOutOfStock ? ' staff-product--out' : ''}`}>
      <div className="staff-product__image">
        {image ? <img src={imageVariantUrl(image.url, 320)} alt="" loading="lazy" /> : <BoxesIcon size={36} />}
      </div>
      <div className="staff-card__body">
        <div className="staff-product__badges">
          <Badge>{format(text.cardCode, { code: product.customId })}</Badge>
          {product.isOutOfStock && <Badge tone="danger">{text.outOfStock}</Badge>}
          {product.featured && <Badge tone="accent">{text.fields.featured}</Badge>}
          {waiting && waiting.total > 0 && (
            <Badge tone="warning" title={stockAlerts.waitingTitle}>
              {format(stockAlerts.waitingCount, { count: waiting.total })}
            </Badge>
          )}
        </div>
        <h2 className="staff-card__title">{product.name}</h2>
        <p className="staff-card__text">{product.category}</p>
        <Price
          value={product.discount_price ?? product.price}
          originalValue={product.discount_price === null ? null : product.price}
        />
        <p className="staff-card__text">{format(text.cardStock, { stock })}</p>
        {waitingByOption && (
          <p className="staff-card__text">
            {stockAlerts.waitingColumn}: {waitingByOption}
          </p>
        )}
      </div>
      <CardActions name={product.name} onEdit={onEdit} onDelete={onDelete}>
        <Button
          variant="secondary"
          size="sm"
          onClick={onStock}
          aria-label={format(stockLedger.openButton, { name: product.name })}
        >
          {stockLedger.cardButton}
        </Button>
      </CardActions>
    </article>
  )
}
