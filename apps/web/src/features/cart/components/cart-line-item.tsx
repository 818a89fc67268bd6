import { Link } from 'react-router'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { format } from '@shop/shared/messages/format.ts'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
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
}

export function CartLineItem({ line, result, onQuantity, onRemove }: CartLineItemProps) {
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
          <span className="cart-line__meta">
            {text.optionLabel}: {line.size}
          </span>
        )}
        <span className="cart-line__meta">
          {text.codeLabel}: {line.code}
        </span>
        <span className="cart-line__price">
          <Price value={line.unitPrice} originalValue={line.priceKind === 'wholesale' ? null : line.regularPrice} />
          {line.priceKind === 'wholesale' && <Badge tone="primary">{text.wholesalePrice}</Badge>}
          {line.priceKind === 'discount' && <Badge tone="accent">{text.discountPrice}</Badge>}
        </span>
      </div>
      <div className="cart-line__controls">
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
            onClick={() => onQuantity(line, line.quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <span className="cart-line__total">{formatPrice(line.lineTotal)}</span>
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
