import { useEffect, useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { adminSales as text } from '@shop/shared/messages/bs/admin-sales.ts'
import { resolveSaleDiscount } from '@shop/shared/rules/sale-discount.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { TextField } from '../../../../ui/field.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { useDebouncedValue } from '../../kit/use-debounced-value.ts'
import { withReason } from '../sale-failure.ts'
import { PriceField, toPointDecimal } from '../../kit/price-field.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { addSaleProduct, searchProducts, type PickerProduct } from '../api/sales.ts'
import { wholeNumberInput } from '../../kit/whole-number-input.ts'

/** §9: the product search waits 300 ms after the last key. */
const SEARCH_DELAY_MS = 300

type Mode = 'percent' | 'price'

/** The options' prices as 'a – b KM' (an option without its own price sells at the product's). */
function priceRange(product: PickerProduct): string | null {
  if (!product.has_sizes || product.size_stock.length === 0) return null
  const prices = product.size_stock.map((option) => option.price ?? product.price)
  const [low, high] = [Math.min(...prices), Math.max(...prices)]
  return low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`
}

function useProductSearch(search: string) {
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const [state, setState] = useState<{ query: string; products: PickerProduct[]; failed: boolean } | null>(null)
  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    searchProducts(query, controller.signal).then(
      (products) => setState({ query, products, failed: false }),
      () => {
        if (!controller.signal.aborted) setState({ query, products: [], failed: true })
      },
    )
    return () => controller.abort()
  }, [query])
  return { query, result: state?.query === query ? state : null }
}

/**
 * §2 Sales admin add dialog: a picker searched by name on the server that hides products already
 * on sale, then a percentage (1–100) or a custom new price (§5 Sale product add).
 */
export function AddSaleProductDialog({
  onSaleIds,
  onClose,
  onAdded,
}: {
  onSaleIds: ReadonlySet<string>
  onClose: () => void
  onAdded: () => void
}) {
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<PickerProduct | null>(null)
  const [mode, setMode] = useState<Mode>('percent')
  const [percent, setPercent] = useState('')
  const [newPrice, setNewPrice] = useState('')
  const [formError, setFormError] = useState<string | null>(null)
  const save = useStaffAction()
  const { query, result } = useProductSearch(search)
  const choices = (result?.products ?? []).filter((product) => !onSaleIds.has(product.id))

  const numberOf = (value: string) => (value.trim() === '' ? null : Number(toPointDecimal(value)))
  const discount = selected
    ? resolveSaleDiscount({
        price: selected.price,
        discountPercentage: mode === 'percent' ? numberOf(percent) : null,
        discountedPrice: mode === 'price' ? numberOf(newPrice) : null,
      })
    : null
  const range = selected ? priceRange(selected) : null

  async function submit() {
    if (!selected || !discount || (!discount.ok && discount.reason === 'required')) {
      setFormError(text.productAndDiscountRequired)
      return
    }
    if (!discount.ok) {
      setFormError(discount.reason === 'percentRange' ? text.percentRange : text.priceNotBelow)
      return
    }
    setFormError(null)
    const outcome = await save.run(
      () =>
        addSaleProduct({
          productId: selected.id,
          discountPercentage: discount.discountPercentage,
          originalPrice: selected.price,
          discountedPrice: mode === 'price' ? discount.discountedPrice : null,
        }),
      { failed: text.productAddFailed, message: (error) => addFailure(error), done: text.productAdded },
    )
    if (outcome.ok) onAdded()
  }

  return (
    <StaffFormDialog
      title={text.addDialogTitle}
      formId="sale-product-form"
      isSaving={save.isBusy}
      saveError={save.error}
      isDirty={selected !== null}
      saveLabel={text.add}
      cancelLabel={text.cancel}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {formError && <Alert tone="danger">{formError}</Alert>}
      <TextField
        label={text.searchLabel}
        type="search"
        placeholder={text.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query && !result && <p className="sale-picker__note">{text.searching}</p>}
      {result?.failed && <Alert tone="danger">{text.searchFailed}</Alert>}
      {result && !result.failed && choices.length === 0 && <p className="sale-picker__note">{text.noResults}</p>}
      {choices.length > 0 && (
        <ul className="sale-picker" aria-label={text.searchLabel}>
          {choices.map((product) => (
            <li key={product.id}>
              <label className="sale-picker__choice">
                <input
                  type="radio"
                  name="sale-product"
                  checked={selected?.id === product.id}
                  onChange={() => setSelected(product)}
                />
                <span className="sale-picker__name">{product.name}</span>
                <span className="sale-picker__price">{priceRange(product) ?? formatPrice(product.price)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <>
          <p className="sale-picker__selected">{format(text.selected, { name: selected.name })}</p>
          {range && <p className="sale-picker__note">{format(text.optionsNote, { range })}</p>}
          <fieldset className="sale-mode">
            <legend className="visually-hidden">{text.modePercent}</legend>
            {(['percent', 'price'] as const).map((each) => (
              <label key={each} className="sale-mode__choice">
                <input type="radio" name="sale-mode" checked={mode === each} onChange={() => setMode(each)} />
                {each === 'percent' ? text.modePercent : text.modePrice}
              </label>
            ))}
          </fieldset>
          {mode === 'percent' ? (
            <TextField
              label={text.percentLabel}
              {...wholeNumberInput(1, 100)}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          ) : (
            <PriceField label={text.newPriceLabel} value={newPrice} onChange={setNewPrice} />
          )}
          {discount?.ok && (
            <p className="sale-picker__preview">
              {format(text.preview, { price: formatPrice(discount.discountedPrice) })} (−{discount.discountPercentage}{' '}
              %)
            </p>
          )}
        </>
      )}
    </StaffFormDialog>
  )
}

/** §8: 'Greška pri dodavanju proizvoda u akciju', with the server's reason when it gave one. */
function addFailure(error: unknown): string {
  return withReason(text.productAddFailed, error)
}
