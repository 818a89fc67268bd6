import { lazy, Suspense, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { availableStock } from '@shop/shared/rules/cart.ts'
import { cardOf } from '@shop/shared/rules/catalogue-card.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { isOptionOutOfStock, isOutOfStock } from '@shop/shared/rules/stock.ts'
import { unitOf } from '@shop/shared/rules/units.ts'
import { formatWeightKg, unitWeight } from '@shop/shared/rules/parcel-weight.ts'
import { parcelPrice } from '@shop/shared/rules/shipping-weight.ts'
import { fetchParcelPriceBands } from '../../../lib/parcel-price-bands.ts'
import { formatPrice } from '../../../ui/format-price.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert, RetryAlert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import {
  BoxesIcon,
  CartIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  PhoneIcon,
  ReceiptIcon,
  TagIcon,
  TruckIcon,
  WalletIcon,
} from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import {
  fetchCompanyFacts,
  fetchRecommendations,
  findProduct,
  type CompanyFacts,
  type Product,
} from '../api/catalogue.ts'
import { currentData, keyedLoad, useLoad } from '../../../lib/use-load.ts'
import type { LoadPlan } from '../../../lib/server-data.ts'
import { addProductToCart } from '../cart-line.ts'
import { OptionPicker } from '../components/option-picker.tsx'
import { DiscountBadge, PriceTag } from '../components/price-tag.tsx'
import { ProductCard } from '../components/product-card.tsx'
import { ProductGallery } from '../components/product-gallery.tsx'
import { canAskForStockAlert } from '../stock-alert-target.ts'
import type { ContactAction } from '../contact-action.ts'
import { parseDescription } from '../description.ts'
import { orderedImageUrls } from '../images.ts'
import { priceView } from '../pricing.ts'
import './catalogue.css'

const text = catalogue.product
// Only out-of-stock products show it: loaded then, outside the product page's first load (ARCHITECTURE's budget).
const StockAlertForm = lazy(async () => ({
  default: (await import('../components/stock-alert-form.tsx')).StockAlertForm,
}))
/** Below this many units the availability text says how many are left. */
const LOW_STOCK = 5

// The product page's loads: the product, then (on a product's page) the company's facts, the parcel prices and the
// recommendations. Through useLoad, so that the server render has the WhatsApp number and delivery days too.
const COMPANY_FACTS_LOAD = keyedLoad('company-facts', () => fetchCompanyFacts())
const PARCEL_BANDS_LOAD = keyedLoad('parcel-price-bands', (signal) => fetchParcelPriceBands(signal))
const productLoad = (id: string, token: string | null) =>
  keyedLoad(`product ${JSON.stringify([id, token])}`, (signal) => findProduct(id, signal))
const recommendationsLoad = (productId: string, token: string | null) =>
  keyedLoad(`recommendations ${JSON.stringify([productId, token])}`, (signal) =>
    fetchRecommendations(productId, signal),
  )

/** The server renders a product as a guest sees it. */
export const loadPlan: LoadPlan = async ({ params }, start) => {
  const product = await start(productLoad(params.id ?? '', null))
  if (!product) return
  await Promise.all([start(COMPANY_FACTS_LOAD), start(PARCEL_BANDS_LOAD), start(recommendationsLoad(product.id, null))])
}

function useCompanyFacts(): CompanyFacts {
  return useLoad(COMPANY_FACTS_LOAD.load, COMPANY_FACTS_LOAD.key).data ?? {}
}

function BackToStore() {
  return (
    <Link to="/store" className="back-link">
      <ChevronLeftIcon size={18} />
      {catalogue.backToStore}
    </Link>
  )
}

export function ProductPage({ contactAction }: { contactAction: ContactAction }) {
  const { id = '' } = useParams()
  const { token } = useSession()
  const { load, key } = productLoad(id, token)
  const result = useLoad(load, key)
  // The product of the current address only: another product's page must not show the last one.
  const product = currentData(result)
  const isNotFound = product === null
  usePageTitle(product?.name ?? (isNotFound ? catalogue.productNotFound : undefined))

  if (isNotFound) {
    return <PageEmptyState icon={<TagIcon size={30} />} title={catalogue.productNotFound} actions={<BackToStore />} />
  }
  if (result.error !== undefined) {
    return (
      <div className="container page">
        <RetryAlert
          message={<p>{catalogue.loadProductFailed}</p>}
          retryLabel={catalogue.retry}
          onRetry={result.reload}
        />
      </div>
    )
  }
  if (!product) return <LoadingBlock label={catalogue.loadingProducts} />
  // A new product (a recommendation was opened) starts with no option chosen.
  return <ProductDetails key={product.id} product={product} contactAction={contactAction} />
}

function ProductDetails({ product, contactAction: ContactButton }: { product: Product; contactAction: ContactAction }) {
  const navigate = useNavigate()
  const { user, token } = useSession()
  const canSeeWholesale = canSeeWholesalePrices(user?.roles)
  const facts = useCompanyFacts()
  const [selectedSize, setSelectedSize] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [optionError, setOptionError] = useState<string | null>(null)
  const optionsRef = useRef<HTMLDivElement>(null)
  const recommendationsOf = recommendationsLoad(product.id, token)
  const recommendations = useLoad(recommendationsOf.load, recommendationsOf.key)

  const option = product.has_sizes
    ? (product.size_stock.find((candidate) => candidate.size === selectedSize) ?? null)
    : null
  const view = priceView(product, option, canSeeWholesale)
  const isUnavailable = isOutOfStock(product) || (option !== null && isOptionOutOfStock(option))
  const needsOption = product.has_sizes && option === null
  const stock = needsOption ? undefined : availableStock(product, option)
  const code = option?.customId ?? product.customId
  const description = parseDescription(product.description)
  // docs/decisions.md, 'Product weights and shipping by weight': the chosen option's weight, else the product's.
  const weightKg = unitWeight(product.weight_kg, option?.weight_kg)
  const bands = useLoad(PARCEL_BANDS_LOAD.load, PARCEL_BANDS_LOAD.key).data
  const onePiece = weightKg !== null && bands ? parcelPrice(weightKg, bands) : null
  // The weight is shown from the product's field; a specification staff typed under the same name would repeat it.
  const specifications =
    weightKg === null
      ? product.specifications
      : product.specifications.filter((entry) => entry.name.trim().toLowerCase() !== catalogue.weight.toLowerCase())
  const hasSpecifications = specifications.length > 0 || weightKg !== null

  function handleAdd() {
    setError(null)
    if (needsOption) {
      setOptionError(catalogue.selectSize)
      optionsRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus()
      return
    }
    const outcome = addProductToCart(product, option, user?.roles)
    if (outcome.success) void navigate('/cart')
    else setError(outcome.message)
  }

  return (
    <div className="container product-page">
      <nav className="product-page__nav" aria-label={text.breadcrumbLabel}>
        <BackToStore />
      </nav>

      <div className="product-layout">
        <ProductGallery urls={orderedImageUrls(product)} name={product.name} />

        <div className="ui-stack product-info">
          <Link to={`/store?category=${encodeURIComponent(product.categoryId)}`} className="product-info__category">
            {product.category}
          </Link>
          <h1 className="product-info__name">{product.name}</h1>
          <p className="product-info__code">
            {catalogue.productCode}: <span>{code}</span>
            {product.brand && <span className="product-info__brand">{product.brand}</span>}
          </p>

          <div className="product-info__price">
            <PriceTag view={view} unit={unitOf(product)} isLarge />
            <DiscountBadge percent={view.discountPercent} />
          </div>

          {product.short_description && <p className="product-info__summary">{product.short_description}</p>}

          {product.has_sizes && (
            <div ref={optionsRef}>
              <OptionPicker
                product={product}
                selected={selectedSize}
                canSeeWholesale={canSeeWholesale}
                error={optionError}
                onSelect={(size) => {
                  setSelectedSize(size)
                  setOptionError(null)
                  setError(null)
                }}
              />
            </div>
          )}

          <p className={isUnavailable ? 'availability availability--out' : 'availability'} role="status">
            {isUnavailable ? (
              catalogue.outOfStock
            ) : needsOption ? (
              text.chooseOptionForStock
            ) : (
              <>
                <CheckCircleIcon size={18} />
                {stock !== null && stock !== undefined && stock <= LOW_STOCK
                  ? format(text.lowStock, { quantity: `${stock} ${unitOf(product)}` })
                  : text.inStock}
              </>
            )}
          </p>

          <div className="ui-actions">
            {isUnavailable ? (
              <p className="product-info__unavailable">{catalogue.temporarilyUnavailable}</p>
            ) : (
              <Button variant="accent" size="lg" onClick={handleAdd} className="product-info__add">
                <CartIcon size={20} />
                {needsOption ? catalogue.selectSize : catalogue.addToCart}
              </Button>
            )}
            <ContactButton productName={product.name} />
          </div>
          {error && <Alert tone="danger">{error}</Alert>}
          {canAskForStockAlert(product) && (
            <Suspense fallback={null}>
              <StockAlertForm product={product} email={user?.email ?? null} />
            </Suspense>
          )}

          <section className="delivery-box" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading">{text.deliveryHeading}</h2>
            <ul>
              <li>
                <TruckIcon size={20} />
                {format(text.delivery, { days: facts.deliveryWorkingDays ?? '2-7' })}
              </li>
              <li>
                <WalletIcon size={20} />
                {text.payment}
              </li>
              <li>
                <ReceiptIcon size={20} />
                {format(text.returns, { days: facts.returnDays ?? 15 })}{' '}
                {format(text.taxRefund, { amount: facts.taxRefundAbove ?? 100 })}
              </li>
              <li>
                <BoxesIcon size={20} />
                {/* staff-and-content.md §9: the published price by parcel weight, kept once on the terms page. */}
                <span>
                  {onePiece?.kind === 'price' && weightKg !== null && (
                    <>
                      {format(text.parcelPriceOfOne, {
                        weight: formatWeightKg(weightKg),
                        price: formatPrice(onePiece.price),
                      })}{' '}
                    </>
                  )}
                  <Link to="/termsOfService#cijene-dostave">{text.parcelPricesLink}</Link>
                </span>
              </li>
            </ul>
          </section>

          <p className="ui-note ui-note--icon">
            <PhoneIcon size={18} />
            {format(text.contactNote, { phone: facts.whatsapp ?? facts.phone ?? '' })}
          </p>
        </div>
      </div>

      {(description.length > 0 || hasSpecifications) && (
        <div className="product-details">
          {description.length > 0 && (
            <section className="ui-panel product-description" aria-labelledby="description-heading">
              <h2 id="description-heading">{text.descriptionHeading}</h2>
              {description.map((block, index) =>
                block.kind === 'list' ? (
                  <ul key={index}>
                    {block.items.map((item, itemIndex) => (
                      <li key={itemIndex}>{item}</li>
                    ))}
                  </ul>
                ) : (
                  <p key={index}>{block.text}</p>
                ),
              )}
            </section>
          )}
          {hasSpecifications && (
            <section className="ui-panel product-specifications" aria-labelledby="specifications-heading">
              <h2 id="specifications-heading">{catalogue.specifications}</h2>
              <dl>
                {weightKg !== null && (
                  <div>
                    <dt>{catalogue.weight}</dt>
                    <dd>{formatWeightKg(weightKg)}</dd>
                  </div>
                )}
                {specifications.map((entry, index) => (
                  <div key={index}>
                    <dt>{entry.name}</dt>
                    <dd>{entry.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      )}

      {recommendations.data && recommendations.data.length > 0 && (
        <section className="recommendations" aria-labelledby="recommendations-heading">
          <h2 id="recommendations-heading">{catalogue.recommendedProducts}</h2>
          <ul className="product-scroller">
            {recommendations.data.map((recommended) => (
              <li key={recommended.id}>
                <ProductCard product={cardOf(recommended)} canSeeWholesale={canSeeWholesale} imageSizes="240px" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
