import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { isOutOfStock } from '@shop/shared/rules/stock.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { CartIcon, CheckCircleIcon, ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons.tsx'
import { cardOf } from '@shop/shared/rules/catalogue-card.ts'
import type { Product } from '../api/catalogue.ts'
import { addProductToCart } from '../cart-line.ts'
import { ProductCard } from './product-card.tsx'
import { usePrefersReducedMotion } from './use-reduced-motion.ts'

/** customer-side.md §4 Home carousels and §9: a 296 px step every 5 s, looping within 50 px of the ends. */
const AUTOPLAY_MS = 5000
const STEP_PX = 296
const END_PX = 50
const ADDED_MS = 2000

type ProductCarouselProps = {
  products: readonly Product[]
  canSeeWholesale: boolean
  roles: readonly string[] | undefined
  label: string
}

function scrollStep(scroller: HTMLElement, direction: 1 | -1) {
  const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
  const atEnd = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - END_PX
  const atStart = scroller.scrollLeft <= END_PX
  if (direction === 1 && atEnd) scroller.scrollTo({ left: 0, behavior })
  else if (direction === -1 && atStart) scroller.scrollTo({ left: scroller.scrollWidth, behavior })
  else scroller.scrollBy({ left: direction * STEP_PX, behavior })
}

/** The products on the home page; a product with options opens its page instead of going to the cart. */
function CarouselAction({ product, roles }: { product: Product; roles: readonly string[] | undefined }) {
  const [isAdded, setIsAdded] = useState(false)
  useEffect(() => {
    if (!isAdded) return
    const timer = setTimeout(() => setIsAdded(false), ADDED_MS)
    return () => clearTimeout(timer)
  }, [isAdded])

  if (product.has_sizes) {
    return (
      <Link
        to={`/product/${product.id}`}
        className={buttonClassName({ variant: 'secondary', size: 'sm', isBlock: true })}
      >
        {catalogue.card.chooseOption}
      </Link>
    )
  }
  return (
    <button
      type="button"
      className={buttonClassName({ variant: isAdded ? 'primary' : 'accent', size: 'sm', isBlock: true })}
      disabled={isOutOfStock(product)}
      aria-live="polite"
      onClick={() => {
        // customer-side.md §8: a failed add on the home page is not shown to the shopper.
        if (addProductToCart(product, null, roles).success) setIsAdded(true)
      }}
    >
      {isAdded ? <CheckCircleIcon size={18} /> : <CartIcon size={18} />}
      {isAdded ? catalogue.added : catalogue.addToCart}
    </button>
  )
}

export function ProductCarousel({ products, canSeeWholesale, roles, label }: ProductCarouselProps) {
  const scroller = useRef<HTMLUListElement>(null)
  const [isAutoplayStopped, setIsAutoplayStopped] = useState(false)
  const [isPaused, setIsPaused] = useState(false)
  const prefersReducedMotion = usePrefersReducedMotion()

  useEffect(() => {
    if (isAutoplayStopped || isPaused || prefersReducedMotion) return
    const timer = setInterval(() => {
      const element = scroller.current
      if (element && element.scrollWidth > element.clientWidth) scrollStep(element, 1)
    }, AUTOPLAY_MS)
    return () => clearInterval(timer)
  }, [isAutoplayStopped, isPaused, prefersReducedMotion])

  function move(direction: 1 | -1) {
    setIsAutoplayStopped(true)
    if (scroller.current) scrollStep(scroller.current, direction)
  }

  return (
    <div
      className="product-carousel"
      onPointerEnter={() => setIsPaused(true)}
      onPointerLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsPaused(false)
      }}
    >
      <ul ref={scroller} className="product-scroller" aria-label={label}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={cardOf(product)}
              canSeeWholesale={canSeeWholesale}
              imageSizes="280px"
              showsSaleBadge
              action={<CarouselAction product={product} roles={roles} />}
            />
          </li>
        ))}
      </ul>
      <div className="product-carousel__arrows">
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => move(-1)}
          aria-label={catalogue.home.previousProducts}
        >
          <ChevronLeftIcon size={22} />
        </button>
        <button
          type="button"
          className="carousel-arrow"
          onClick={() => move(1)}
          aria-label={catalogue.home.nextProducts}
        >
          <ChevronRightIcon size={22} />
        </button>
      </div>
    </div>
  )
}
