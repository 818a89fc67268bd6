import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { DEFAULT_FREE_SHIPPING_THRESHOLD, showsFreeShippingHint } from '@shop/shared/rules/shipping.ts'
import type { CheckoutAddress } from '@shop/shared/schemas/checkout.ts'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { clearCart, removeFromCart, updateCartQuantity, type CartActionResult } from '../../../lib/cart-storage.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import { CartIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { fetchOrderLimits } from '../api/order-limits.ts'
import { newIdempotencyKey, placeOrder } from '../api/place-order.ts'
import { buildCartView, quoteStatus, type CartViewLine } from '../cart-view.ts'
import { clearCheckoutDraft, readCheckoutDraft, updateCheckoutDraft } from '../checkout-draft.ts'
import { raisedPricesOf, type RaisedPrices } from '../price-changes.ts'
import { checkCartLimits } from '../order-limit-check.ts'
import { placeOrderMessage } from '../place-order-message.ts'
import { CartLineItem } from '../components/cart-line-item.tsx'
import { CartSummary } from '../components/cart-summary.tsx'
import { PriceChangesNotice } from '../components/price-changes-notice.tsx'
import { CHECKOUT_FORM_ID } from '../components/checkout-form-id.ts'
import { ShippingOptions } from '../components/shipping-options.tsx'
import { useCartLines } from '../use-cart-lines.ts'
import { useCartQuote } from '../use-cart-quote.ts'
import { ContinueShoppingLink } from '../../orders/components/continue-shopping-link.tsx'
import '../components/cart.css'

// The form, its schema (zod) and the profile's saved address load when the shopper opens it: the
// cart itself stays light (the first-load budget of bench/first-load.ts: no account or staff texts before the form is opened).
const CheckoutForm = lazy(async () => ({ default: (await import('../components/checkout-form.tsx')).CheckoutForm }))

/** Rendered beside the form inside its Suspense: it mounts when the form has loaded and mounted. */
function FormLoaded({ onLoaded }: { onLoaded: () => void }) {
  useEffect(onLoaded, [onLoaded])
  return null
}

/** customer-side.md §2: the sign-in link brings the shopper back to the cart. */
const SIGN_IN_URL = '/login?returnUrl=/cart'

/** /cart: the cart and the checkout (customer-side.md §2 Cart page, §4 Checkout flow). */
export function CartPage() {
  usePageTitle(seo.pages.cart.title ?? text.cartTitle)
  const { user } = useSession()
  const toast = useToast()
  const navigate = useNavigate()
  const lines = useCartLines()
  // A reload or a discarded tab reopens the checkout where it was (checkout-draft.ts). Read at once: the
  // hydrating render shows the empty cart of the server snapshot (use-cart-lines.ts), which uses neither.
  const [chosenOptionId, setChosenOptionId] = useState<string | null>(
    () => readCheckoutDraft()?.shippingOptionId ?? null,
  )
  const [region, setRegion] = useState<string | null>(null)
  const [isFormShown, setIsFormShown] = useState(() => readCheckoutDraft()?.isFormShown ?? false)
  // The order button waits for the form it submits (it loads when opened).
  const [isFormLoaded, setIsFormLoaded] = useState(false)
  const markFormLoaded = useCallback(() => setIsFormLoaded(true), [])
  const [results, setResults] = useState<ReadonlyMap<string, CartActionResult>>(new Map())
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null)
  // docs/decisions.md, Prices the buyer saw: what the refused order named as dearer than the cart showed.
  const [raisedPrices, setRaisedPrices] = useState<RaisedPrices | null>(null)
  const isSubmittingNow = useRef(false)
  const attempt = useRef<{ cartKey: string; idempotencyKey: string } | null>(null)

  const { state, key, refresh } = useCartQuote({ lines, shippingOptionId: chosenOptionId, region })
  // docs/decisions.md, Order limits and suspicious orders: the limits on one order of this buyer, checked here before the submit.
  const limits = useLoad(fetchOrderLimits, `order-limits\n${user?.id ?? ''}`)
  const view = buildCartView(lines, state, key)
  const limitCheck = checkCartLimits(view.lines, view.summary.total, limits.data)
  const canCheckout = view.canCheckout && limitCheck.isWithinLimits
  const status = quoteStatus(state, key)
  const quote = state.quote
  const options = quote?.shippingOptions ?? []
  const selectedOption =
    options.find((option) => option.id === chosenOptionId) ?? quote?.shippingOption ?? options[0] ?? null
  const isPickup = selectedOption?.isPickup ?? false
  const onRegionChange = useCallback((value: string | null) => setRegion(value), [])
  const isChecking = status === 'loading'

  function showForm() {
    setIsFormShown(true)
    updateCheckoutDraft({ isFormShown: true })
  }

  function chooseOption(id: string) {
    setChosenOptionId(id)
    updateCheckoutDraft({ shippingOptionId: id })
  }

  if (placedOrderId) return <LoadingBlock label={text.loadingOrder} />

  if (lines.length === 0) {
    return <PageEmptyState icon={<CartIcon size={30} />} title={text.cartEmpty} actions={<ContinueShoppingLink />} />
  }

  function showResult(line: CartViewLine, result: CartActionResult) {
    setResults((current) => new Map(current).set(line.key, result))
  }

  function changeQuantity(line: CartViewLine, quantity: number) {
    // The refusal of the last submit was about the cart as it was (docs/decisions.md, Order limits and suspicious orders: a limit, or stock).
    setSubmitError(null)
    if (Number.isFinite(quantity) && quantity < 1) {
      remove(line)
      return
    }
    showResult(line, updateCartQuantity(line.productId, line.size, quantity, line.availableStock))
  }

  function remove(line: CartViewLine) {
    const result = removeFromCart(line.productId, line.size)
    if (result.success) toast.show(result.message, 'success')
    else showResult(line, result)
  }

  async function submitOrder(address: CheckoutAddress) {
    if (isSubmittingNow.current) return
    isSubmittingNow.current = true
    setIsSubmitting(true)
    setSubmitError(null)
    setRaisedPrices(null)
    // One key per checkout attempt: a repeated submit of the same cart answers the same order.
    const cartKey = JSON.stringify(lines)
    if (attempt.current?.cartKey !== cartKey) attempt.current = { cartKey, idempotencyKey: newIdempotencyKey() }
    try {
      const order = await placeOrder(
        {
          email: user ? undefined : address.email,
          products: lines.map((line, index) => ({
            product_id: line.productId,
            quantity: line.quantity,
            name: line.name,
            custom_size: line.size,
            price: view.lines[index]?.unitPrice ?? line.price,
            // The prices on the screen: a dearer one refuses the order (docs/decisions.md, Prices the buyer saw).
            expectedPrice: view.lines[index]?.unitPrice ?? line.price,
          })),
          shippingAddress: {
            full_name: address.full_name,
            phone_number: address.phone_number,
            street_address: address.street_address,
            city: address.city,
            state: address.state,
            zip_code: address.zip_code,
            country: address.country,
            email: user?.email ?? address.email,
          },
          shippingMethod: selectedOption ? { id: selectedOption.id, name: selectedOption.name } : undefined,
          shippingCost: view.summary.shippingCost,
          total: view.summary.total,
          expectedShippingCost: view.summary.shippingCost,
          expectedTotal: view.summary.total,
          saveAddress: true,
        },
        attempt.current.idempotencyKey,
      )
      setPlacedOrderId(order.id)
      clearCart()
      clearCheckoutDraft()
      // The confirmation says which prices were lower than the cart showed, and charged so; it reads the
      // order by its page token, which alone shows the buyer's own address (docs/decisions.md, 'The private order page').
      void navigate(`/order-confirmation/${order.id}`, {
        state: { loweredPrices: order.loweredPrices ?? null, orderPageToken: order.orderPageToken ?? null },
      })
    } catch (error) {
      setSubmitError(placeOrderMessage(error))
      setRaisedPrices(raisedPricesOf(error))
      // Staff may have changed a limit since the page asked: ask again, so that the cart shows it.
      if (error instanceof ApiError && error.code === 'ORDER_LIMIT_EXCEEDED') limits.reload()
      setIsSubmitting(false)
      isSubmittingNow.current = false
      refresh()
    }
  }

  return (
    <div className="container page cart-page">
      <h1 className="cart-page__title">{text.cartTitle}</h1>
      <div className="cart-layout">
        <div className="cart-main">
          <ul className="cart-lines" aria-label={text.orderItems}>
            {view.lines.map((line) => (
              <CartLineItem
                key={line.key}
                line={
                  limitCheck.lineProblems.has(line.key)
                    ? { ...line, problem: limitCheck.lineProblems.get(line.key)! }
                    : line
                }
                priceChange={raisedPrices?.lines.get(line.key)}
                isStockPending={isChecking && line.availableStock === undefined}
                result={results.get(line.key)}
                onQuantity={changeQuantity}
                onRemove={remove}
              />
            ))}
          </ul>
          {isFormShown && (
            <Suspense fallback={<LoadingBlock label={common.loading} />}>
              <CheckoutForm
                isPickup={isPickup}
                userEmail={user?.email ?? null}
                onRegionChange={onRegionChange}
                onSubmit={(address) => void submitOrder(address)}
              />
              <FormLoaded onLoaded={markFormLoaded} />
            </Suspense>
          )}
        </div>
        <aside className="cart-aside">
          <ShippingOptions options={options} selectedId={selectedOption?.id ?? null} onSelect={chooseOption} />
          <CartSummary
            summary={view.summary}
            freeShippingThreshold={quote?.freeShippingThreshold ?? DEFAULT_FREE_SHIPPING_THRESHOLD}
            showsFreeShippingHint={showsFreeShippingHint(selectedOption)}
            isChecking={isChecking}
            weightKg={quote?.weightKg ?? null}
          >
            {status === 'failed' && <Alert tone="info">{text.quoteFailed}</Alert>}
            {!isChecking && quote?.parcelNotice && <Alert tone="info">{quote.parcelNotice}</Alert>}
            {!view.canCheckout && <Alert tone="danger">{text.cannotOrderYet}</Alert>}
            {limitCheck.orderProblems.map((problem) => (
              <Alert key={problem} tone="danger">
                {problem}
              </Alert>
            ))}
            {submitError &&
              (raisedPrices ? (
                <PriceChangesNotice message={submitError} changes={raisedPrices} />
              ) : (
                <Alert tone="danger">{submitError}</Alert>
              ))}
            {/* Two elements, not one that changes its type: a button that turns into the form's submit
                during the click would also submit the form it has just revealed (docs/decisions.md, Walk-through fixes). */}
            {isFormShown ? (
              <Button
                key="place-order"
                type="submit"
                form={CHECKOUT_FORM_ID}
                size="lg"
                isBlock
                isLoading={isSubmitting || !isFormLoaded || isChecking}
                disabled={!canCheckout}
              >
                {text.placeOrder}
              </Button>
            ) : (
              <Button key="proceed" size="lg" isBlock disabled={!canCheckout} onClick={showForm}>
                {text.proceed}
              </Button>
            )}
            {!user && (
              <p className="ui-note">
                {text.guestHintBefore} <Link to={SIGN_IN_URL}>{text.guestHintSignIn}</Link>
              </p>
            )}
          </CartSummary>
        </aside>
      </div>
    </div>
  )
}
