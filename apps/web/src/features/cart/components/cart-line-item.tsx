import { Link } from 'react-router'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import type { PriceChange } from '@shop/shared/schemas/price-changes.ts'
import type { CartActionResult } from '../../../lib/cart-storage.ts'
import { Badge } from '../../../ui/badge.tsx'
import { classNames } from '../../../ui/class-names.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { CloseIcon } from '../../../ui/icons.tsx'
import { Price } from '../../../ui/price.tsx'
import type { CartViewLine } from '../cart-view.ts'
import { QuantityInput } from './quantity-input.tsx'

type CartLineItemProps = {
  line: CartViewLine
  /** The answer of the last action on this line, shown under it. */
  result: CartActionResult | undefined
  onQuantity: (line: CartViewLine, quantity: number) => void
  onRemove: (line: CartViewLine) => void
  /** The price a refused order named as higher than the cart showed (docs/decisions.md, Prices the buyer saw). */
  priceChange?: PriceChange | undefined
  /**
   * The line's stock is not known yet (the cart's first check is on its way): '+' waits for it, so that
   * it cannot pass the stock before the check can say so (docs/decisions.md, Cart and orders (web)).
   */
  isStockPending?: boolean
}

export function CartLineItem({
  line,
  result,
  onQuantity,
  onRemove,
  priceChange,
  isStockPending = false,
}: CartLineItemProps) {
  const inputId = `quantity-${line.key}`
  const messageId = `message-${line.key}`
  const message = line.problem ?? (result ? result.message : null)
  const isProblem = line.problem !== null || result?.success === false

  return (
    <li className={classNames('cart-line', isProblem && 'cart-line--problem')}>
      <div className="cart-line__image">
        {/* The 320 px variant for a 96 px box (the first-load budget of bench/first-load.ts), not the 1024 px original. */}
        {line.image ? (
          <img src={imageVariantUrl(line.image, 320)} alt="" width={96} height={96} loading="lazy" />
        ) : null}
      </div>
      <div className="cart-line__info">
        <Link to={`/product/${encodeURIComponent(line.productId)}`} className="cart-line__name">
          {line.name}
        </Link>
        {line.size && (
          <span className="ui-note">
            {text.optionLabel}: {line.size}
          </span>
        )}
        <span className="ui-note">
          {text.codeLabel}: {line.code}
        </span>
        <span className="cart-line__price">
          <Price value={line.unitPrice} originalValue={line.priceKind === 'wholesale' ? null : line.regularPrice} />
          {line.priceKind === 'wholesale' && <Badge tone="primary">{text.wholesalePrice}</Badge>}
          {line.priceKind === 'discount' && <Badge tone="accent">{text.discountPrice}</Badge>}
        </span>
        {priceChange && (
          <span className="cart-line__price-change">
            <Badge tone="danger">{text.priceChangedLabel}</Badge> <del>{formatPrice(priceChange.oldPrice)}</del> →{' '}
            <strong>{formatPrice(priceChange.newPrice)}</strong>
          </span>
        )}
      </div>
      <div className="ui-actions ui-actions--center cart-line__controls">
        <div className="cart-line__quantity" role="group" aria-label={format(text.quantityLabel, { name: line.name })}>
          <button
            type="button"
            className="cart-line__step"
            aria-label={format(text.decreaseQuantity, { name: line.name })}
            onClick={() => onQuantity(line, line.quantity - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <QuantityInput
            id={inputId}
            label={format(text.quantityLabel, { name: line.name })}
            quantity={line.quantity}
            describedBy={message ? messageId : undefined}
            onCommit={(quantity) => onQuantity(line, quantity)}
          />
          <button
            type="button"
            className="cart-line__step"
            aria-label={format(text.increaseQuantity, { name: line.name })}
            disabled={isStockPending}
            onClick={() => onQuantity(line, line.quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        {/* docs/decisions.md, 'Units of measure and lines without a limit'. */}
        <span className="cart-line__unit" data-testid="cart-line-unit">
          {line.unit}
        </span>
        {/* A sold-out line is left out of the summary, so it shows no amount either. */}
        <span className="cart-line__total">{line.isSoldOut ? null : formatPrice(line.lineTotal)}</span>
        <button
          type="button"
          className="ui-icon-button cart-line__remove"
          aria-label={format(text.removeLine, { name: line.name })}
          title={text.remove}
          onClick={() => onRemove(line)}
        >
          <CloseIcon size={18} />
        </button>
      </div>
      <p
        id={messageId}
        className={classNames('cart-line__message', isProblem ? 'cart-line__message--error' : 'cart-line__message--ok')}
        role={isProblem ? 'alert' : 'status'}
      >
        {message}
      </p>
    </li>
  )
}
