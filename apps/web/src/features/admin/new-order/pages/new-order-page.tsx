import { useState } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { staffOrders as text } from '@shop/shared/messages/bs/staff-orders.ts'
import { shortOrderId } from '@shop/shared/rules/order-status.ts'
import { STAFF_ORDER_SOURCES, discountedUnitPrice, type StaffOrderSource } from '@shop/shared/rules/order-source.ts'
import { createCheckoutAddress } from '@shop/shared/schemas/checkout.ts'
import { CANTONS } from '@shop/shared/schemas/profile.ts'
import {
  staffOrderLineInput,
  type StaffCustomerView,
  type StaffOrderInput,
  type StaffPlacedOrderView,
} from '@shop/shared/schemas/staff-orders.ts'
import { EMPTY_SAVED_ADDRESS, savedAddressOf, type SavedAddress } from '../../../../lib/saved-address.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Button, buttonClassName } from '../../../../ui/button.tsx'
import { Checkbox, SelectField, TextField } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { placeStaffOrder, quoteStaffOrder } from '../api/new-order.ts'
import { CustomerPicker } from '../components/customer-picker.tsx'
import { ProductPicker, stockText, type PickedProduct } from '../components/product-picker.tsx'
import './new-order-page.css'
import { draftBinding } from '../../kit/draft-binding.ts'

type Line = PickedProduct & { key: number; quantity: string; discountPercent: string; discountReason: string }
type Contact = SavedAddress & { email: string }
type Errors = Record<string, string>

const EMPTY_CONTACT: Contact = { ...EMPTY_SAVED_ADDRESS, email: '' }
const SOURCE_OPTIONS = STAFF_ORDER_SOURCES.map((source) => ({ value: source, label: text.sources[source] }))
const STATE_OPTIONS = [{ value: '', label: '—' }, ...CANTONS.map((canton) => ({ value: canton, label: canton }))]

const wholeNumber = (value: string): number | null => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null)
const toNumber = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value.replace(',', '.'))

/** The body of POST /api/orders/staff from the page's draft. */
function toInput(
  lines: readonly Line[],
  contact: Contact,
  customer: StaffCustomerView | null,
  shippingOptionId: string,
  source: StaffOrderSource,
  notifyCustomer: boolean,
): StaffOrderInput {
  return {
    products: lines.map((line) => ({
      product_id: line.reference,
      custom_size: line.size,
      quantity: wholeNumber(line.quantity) ?? Number.NaN,
      discountPercent: toNumber(line.discountPercent) ?? null,
      discountReason: line.discountReason.trim() || null,
    })),
    shippingAddress: { ...contact, email: customer ? customer.email : contact.email },
    shippingMethod: shippingOptionId ? { id: shippingOptionId } : null,
    email: customer ? null : contact.email,
    customerEmail: customer?.email ?? null,
    source,
    notifyCustomer,
  }
}

/**
 * docs/decisions.md, 'Orders entered by staff': an order that came by phone, Viber, e-mail or to the
 * counter, for a registered customer (her prices, her history) or a guest; the server's quote shows her
 * prices, live stock and shipping as the lines are typed. The checkout's rules validate the address.
 */
export function AdminNewOrderPage() {
  const [customer, setCustomer] = useState<StaffCustomerView | null>(null)
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT)
  const [lines, setLines] = useState<Line[]>([])
  const [nextKey, setNextKey] = useState(1)
  const [shippingOptionId, setShippingOptionId] = useState('')
  const [source, setSource] = useState<StaffOrderSource>('telefon')
  const [notifyCustomer, setNotifyCustomer] = useState(true)
  const [errors, setErrors] = useState<Errors>({})
  const [created, setCreated] = useState<StaffPlacedOrderView | null>(null)
  const saving = useStaffAction()

  // Lines whose quantity is not a whole number yet are left out of the quote until it is.
  const quotedKeys: number[] = []
  const quoteLines = lines.flatMap((line) => {
    const quantity = wholeNumber(line.quantity)
    const discount = wholeNumber(line.discountPercent)
    if (!quantity) return []
    quotedKeys.push(line.key)
    return [
      {
        productId: line.reference,
        size: line.size,
        quantity,
        discountPercent: discount && discount >= 1 && discount <= 99 ? discount : null,
      },
    ]
  })
  const quoteInput = {
    lines: quoteLines,
    shippingOptionId: shippingOptionId || null,
    region: contact.state || null,
    customerEmail: customer?.email ?? null,
  }
  const quote = useLoad((signal) => quoteStaffOrder(quoteInput, signal), JSON.stringify(quoteInput))
  const offered = quote.data?.shippingOptions ?? []
  const chosenOption = quote.data?.shippingOption ?? null
  const isPickup = chosenOption?.isPickup ?? false

  function chooseCustomer(next: StaffCustomerView | null) {
    setCustomer(next)
    setContact(next ? { ...savedAddressOf(next), email: next.email } : EMPTY_CONTACT)
  }

  function addLine(product: PickedProduct) {
    setLines((previous) => [
      ...previous,
      { ...product, key: nextKey, quantity: '1', discountPercent: '', discountReason: '' },
    ])
    setNextKey((key) => key + 1)
  }

  // An edited field's error goes with the edit; the next submit checks again.
  const forget = (...names: string[]) =>
    setErrors((previous) => {
      if (!names.some((name) => name in previous)) return previous
      const next = { ...previous }
      for (const name of names) delete next[name]
      return next
    })

  function patchLine(key: number, patch: Partial<Line>) {
    setLines((previous) => previous.map((line) => (line.key === key ? { ...line, ...patch } : line)))
    forget(...Object.keys(patch).map((name) => `line-${key}-${name}`), `line-${key}-discountReason`)
  }

  function validate(input: StaffOrderInput): Errors {
    const found: Errors = {}
    const address = createCheckoutAddress({ isPickup, isGuest: customer === null }).safeParse(input.shippingAddress)
    if (!address.success) for (const issue of address.error.issues) found[String(issue.path[0])] ??= issue.message
    input.products?.forEach((line, index) => {
      const parsed = staffOrderLineInput.safeParse(line)
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          found[`line-${lines[index]!.key}-${String(issue.path[0])}`] ??= issue.message
      }
    })
    if (lines.length === 0) found.lines = text.noLines
    return found
  }

  async function submit() {
    const input = toInput(lines, contact, customer, chosenOption?.id ?? shippingOptionId, source, notifyCustomer)
    const found = validate(input)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const outcome = await saving.run(() => placeStaffOrder(input), { failed: text.failed })
    if (outcome.ok) {
      setCreated(outcome.value)
      setLines([])
      quote.reload()
    }
  }

  function startAnother() {
    setCreated(null)
    chooseCustomer(null)
    setErrors({})
  }

  const quotedLineOf = (key: number) => {
    const index = quotedKeys.indexOf(key)
    return index < 0 ? undefined : quote.data?.lines[index]
  }
  const contactField = (name: keyof Contact, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      value={contact[name]}
      error={errors[name]}
      onChange={(event) => {
        setContact((previous) => ({ ...previous, [name]: event.target.value }))
        forget(name)
      }}
      {...extra}
    />
  )

  if (created) {
    const number = shortOrderId(created.id)
    return (
      <StaffFrame title={text.title}>
        <section className="staff-box new-order__created" aria-live="polite">
          <h2>{text.createdHeading}</h2>
          <p>
            <strong>{format(text.created, { number })}</strong>
          </p>
          <p>
            {text.source}: {text.sources[created.source]} · {created.email}
          </p>
          <ul className="new-order__created-lines">
            {created.products.map((line, index) => (
              <li key={index}>
                {line.quantity} × {line.name}
                {line.custom_size ? ` (${line.custom_size})` : ''} · {formatPrice(line.price)}
                {line.discountPercent
                  ? ` · ${format(text.discountOnLine, { percent: line.discountPercent, reason: line.discountReason ?? '' })}`
                  : ''}
              </li>
            ))}
          </ul>
          <p>
            {text.total}: <strong>{formatPrice(created.total)}</strong>
          </p>
          <p>{created.isCustomerNotified ? text.createdMailed : text.createdNotMailed}</p>
          <div className="ui-actions ui-actions--tight">
            <Button onClick={startAnother}>{text.another}</Button>
            <Link to="/admin/orders" className={buttonClassName({ variant: 'secondary' })}>
              {text.openOrders}
            </Link>
          </div>
        </section>
      </StaffFrame>
    )
  }

  return (
    <StaffFrame
      title={text.title}
      actions={
        <Link to="/admin/orders" className={buttonClassName({ variant: 'secondary' })}>
          {text.backToOrders}
        </Link>
      }
      errors={[saving.error]}
      isDirty={lines.length > 0}
    >
      <form
        className="staff-stack new-order"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <section className="staff-box new-order__section" aria-labelledby="new-order-customer">
          <h2 id="new-order-customer">{text.customerHeading}</h2>
          <CustomerPicker customer={customer} onChoose={chooseCustomer} />
          <div className="new-order__fields">
            {contactField('full_name', text.fullName, { autoComplete: 'off' })}
            {contactField('phone_number', text.phone, { type: 'tel', autoComplete: 'off' })}
            {!customer && contactField('email', text.email, { type: 'email', autoComplete: 'off' })}
          </div>
        </section>

        <section className="staff-box new-order__section" aria-labelledby="new-order-products">
          <h2 id="new-order-products">{text.productsHeading}</h2>
          <ProductPicker onAdd={addLine} />
          {errors.lines && <p className="ui-field__error">{errors.lines}</p>}
          {lines.length > 0 && (
            <ul className="new-order__lines">
              {lines.map((line) => {
                const quotedLine = quotedLineOf(line.key)
                const price = quotedLine?.price ?? null
                const discount = wholeNumber(line.discountPercent)
                const bind = draftBinding(
                  line,
                  (key, value) => patchLine(line.key, { [key]: value }),
                  (field) => errors[`line-${line.key}-${field}`],
                )
                return (
                  <li key={line.key} className="new-order__line">
                    <div className="new-order__line-head">
                      <strong>
                        {line.name}
                        {line.size ? ` (${line.size})` : ''}
                      </strong>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={format(text.removeLine, { name: line.name })}
                        onClick={() => setLines((previous) => previous.filter((entry) => entry.key !== line.key))}
                      >
                        ✕
                      </Button>
                    </div>
                    <p className="new-order__sub">
                      {quotedLine ? stockText(quotedLine.availableStock ?? 0, quotedLine.availableStock === null) : ''}
                      {quotedLine?.message ? ` · ${quotedLine.message}` : ''}
                    </p>
                    <div className="new-order__line-fields">
                      <TextField label={text.quantity} inputMode="numeric" {...bind.text('quantity')} />
                      <TextField label={text.discountPercent} inputMode="numeric" {...bind.text('discountPercent')} />
                      <TextField
                        label={text.discountReason}
                        className="new-order__reason"
                        {...bind.text('discountReason')}
                      />
                    </div>
                    <p className="new-order__line-price">
                      {price !== null && (
                        <>
                          {text.unitPrice}: {formatPrice(discountedUnitPrice(price, discount))}
                          {discount ? <s className="new-order__struck">{formatPrice(price)}</s> : null}
                          {' · '}
                          {text.lineTotal}: <strong>{formatPrice(quotedLine?.lineTotal ?? 0)}</strong>
                        </>
                      )}
                    </p>
                  </li>
                )
              })}
            </ul>
          )}
        </section>

        <section className="staff-box new-order__section" aria-labelledby="new-order-delivery">
          <h2 id="new-order-delivery">{text.deliveryHeading}</h2>
          <SelectField
            label={text.shippingMethod}
            value={chosenOption?.id ?? shippingOptionId}
            options={offered.map((option) => ({
              value: option.id,
              label: `${option.name} (${option.cost === 0 ? '0,00 KM' : formatPrice(option.cost)})`,
            }))}
            onChange={(event) => setShippingOptionId(event.target.value)}
          />
          {!isPickup && (
            <div className="new-order__fields">
              {contactField('street_address', text.street)}
              {contactField('city', text.city)}
              <SelectField
                label={text.state}
                value={contact.state}
                options={STATE_OPTIONS}
                error={errors.state}
                onChange={(event) => setContact((previous) => ({ ...previous, state: event.target.value }))}
              />
              {contactField('zip_code', text.zip, { autoComplete: 'off' })}
            </div>
          )}
        </section>

        <section className="staff-box new-order__section new-order__summary" aria-labelledby="new-order-summary">
          <h2 id="new-order-summary" className="visually-hidden">
            {text.total}
          </h2>
          <SelectField
            label={text.source}
            value={source}
            options={SOURCE_OPTIONS}
            onChange={(event) =>
              setSource(STAFF_ORDER_SOURCES.find((option) => option === event.target.value) ?? 'telefon')
            }
          />
          <Checkbox
            label={text.notifyCustomer}
            checked={notifyCustomer}
            onChange={(event) => setNotifyCustomer(event.target.checked)}
          />
          {quote.status === 'error' && <p className="ui-field__error">{text.quoteFailed}</p>}
          <dl className="new-order__totals">
            <dt>{text.subtotal}</dt>
            <dd>{formatPrice(quote.data?.subtotal ?? 0)}</dd>
            <dt>{text.shippingCost}</dt>
            <dd>{formatPrice(quote.data?.shippingCost ?? 0)}</dd>
            <dt>{text.total}</dt>
            <dd>
              <strong>{formatPrice(quote.data?.total ?? 0)}</strong>
            </dd>
          </dl>
          <Button type="submit" isLoading={saving.isBusy}>
            {saving.isBusy ? text.submitting : text.submit}
          </Button>
        </section>
      </form>
    </StaffFrame>
  )
}
