import { useState, type KeyboardEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { findDuplicateCode } from '@shop/shared/schemas/product-form.ts'
import { formatKm } from '@shop/shared/rules/order-limits.ts'
import { UNITS } from '@shop/shared/rules/units.ts'
import { Button } from '../../../../ui/button.tsx'
import { Checkbox, SelectField, TextField } from '../../../../ui/field.tsx'
import { CloseIcon } from '../../../../ui/icons.tsx'
import { changedFields } from '@shop/shared/rules/record-version.ts'
import {
  createProduct,
  fetchAdminProduct,
  fetchProductsByCode,
  updateProduct,
  type AdminProduct,
} from '../../api/products.ts'
import type { Brand, Category } from '@shop/shared/schemas/catalogue.ts'
import { ImageUploader } from '../../components/image-uploader.tsx'
import { draftBinding } from '../../kit/draft-binding.ts'
import { namedOptions, OptionSelect } from '../../kit/option-select.tsx'
import { PriceField, positivePrice } from '../../kit/price-field.tsx'
import { useDraft } from '../../kit/use-draft.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useRecordVersion } from '../../kit/use-record-version.tsx'
import {
  addOptions,
  checkDraft,
  draftFromProduct,
  emptyDraft,
  saleDiscountNote,
  type OptionDraft,
  type ProductDraft,
} from '../product-draft.ts'
import './product-form-dialog.css'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { TextAreaField } from '../../kit/text-area-field.tsx'

const text = admin.product
const fields = text.fields

type ProductFormDialogProps = {
  /** null adds a product; a product edits it. */
  product: AdminProduct | null
  categories: readonly Category[]
  brands: readonly Brand[]
  onClose: () => void
  onSaved: (product: AdminProduct, isNew: boolean) => void
}

/** §5: 'Proizvod sa šifrom "{code}" već postoji!' when another product has the code. */
async function duplicateCodeMessage(code: string, editingId: string | null): Promise<string | null> {
  if (code.trim() === '') return null
  try {
    return findDuplicateCode(code, await fetchProductsByCode(code), editingId)
  } catch {
    // The server refuses a taken code anyway (409); the warning is a courtesy.
    return null
  }
}

/** The add/edit product modal (staff-and-content.md §2 Products admin, §5 Product form). */
export function ProductFormDialog({ product, categories, brands, onClose, onSaved }: ProductFormDialogProps) {
  const [initial] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : emptyDraft()))
  const form = useDraft(initial)
  const draft = form.value
  const setDraft = form.set
  const saving = useStaffAction()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [optionInput, setOptionInput] = useState('')
  const editingId = product?.id ?? null
  const version = useRecordVersion({
    draft: form,
    version: product?.version ?? 0,
    reload: async () => {
      const latest = await fetchAdminProduct(editingId ?? '')
      return { draft: draftFromProduct(latest), version: latest.version }
    },
    onReloaded: saving.clearError,
  })

  function change<K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }))
  }

  function changeOption(index: number, changes: Partial<OptionDraft>) {
    setDraft((current) => ({
      ...current,
      size_stock: current.size_stock.map((option, at) => (at === index ? { ...option, ...changes } : option)),
    }))
  }

  function commitOptions(input: string) {
    setDraft((current) => addOptions(current, input))
    setOptionInput('')
  }

  function handleOptionKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      commitOptions(optionInput)
    }
  }

  async function checkCode() {
    const duplicate = await duplicateCodeMessage(draft.customId, editingId)
    setErrors((current) => {
      const { customId: _previous, ...rest } = current
      return duplicate ? { ...rest, customId: duplicate } : rest
    })
  }

  async function save() {
    saving.clearError()
    const checked = checkDraft(optionInput.trim() ? addOptions(draft, optionInput) : draft)
    const duplicate = await duplicateCodeMessage(draft.customId, editingId)
    if (!checked.ok || duplicate) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(duplicate ? { customId: duplicate } : {}) })
      return
    }
    setErrors({})
    const outcome = await saving.run(
      () =>
        editingId
          ? // docs/decisions.md ('Edits that never overwrite each other'): only the fields the editor changed, so a price the running sale wrote
            // stays unless the editor changed it.
            version.save((opened) => {
              const base = checkDraft(form.saved)
              const changed = base.ok ? changedFields(base.payload, checked.payload) : checked.payload
              return updateProduct(editingId, { ...changed, version: opened })
            })
          : createProduct(checked.payload),
      {
        done: editingId ? text.updated : text.created,
        // §8: a product save shows the error's message.
        message: (error) => (error instanceof Error ? error.message : String(error)),
      },
    )
    if (outcome.ok) onSaved(outcome.value, editingId === null)
  }

  const bind = draftBinding(draft, change, (key) => errors[key])
  const formId = 'product-form'
  return (
    <StaffFormDialog
      title={product ? text.editTitle : text.addTitle}
      formId={formId}
      isSaving={saving.isBusy}
      saveError={saving.error}
      isDirty={form.isDirty || optionInput.trim() !== ''}
      fieldErrors={errors}
      onClose={onClose}
      onSubmit={save}
      versionNotice={version.notice}
      isWide
    >
      <div className="staff-form__row">
        <TextField label={fields.code} {...bind.text('customId')} onBlur={() => void checkCode()} autoComplete="off" />
        <TextField label={fields.name} {...bind.text('name')} />
      </div>
      <TextField label={fields.shortDescription} {...bind.text('short_description')} />
      <TextAreaField label={fields.description} {...bind.value('description')} rows={4} />

      <div className="staff-form__row staff-form__row--3">
        <PriceField label={fields.price} {...bind.value('price')} check={positivePrice(text.priceInvalid)} />
        <SwitchedPrice
          label={fields.isDiscounted}
          isOn={draft.is_discounted}
          onSwitch={(isOn) => setDraft((current) => ({ ...current, is_discounted: isOn, discount_price: '' }))}
          price={{ label: fields.discountPrice, ...bind.value('discount_price') }}
          check={positivePrice(text.discountPriceInvalid)}
          hint={saleDiscountHint(saleDiscountNote(product, draft))}
        />
        <SwitchedPrice
          label={fields.isWholesale}
          isOn={draft.is_wholesale}
          onSwitch={(isOn) => setDraft((current) => ({ ...current, is_wholesale: isOn, wholesale_price: '' }))}
          price={{ label: fields.wholesalePrice, ...bind.value('wholesale_price') }}
          check={positivePrice(text.wholesalePriceInvalid)}
        />
      </div>
      <div className="staff-form__row">
        <PriceField
          label={fields.priceFloor}
          {...bind.value('price_floor')}
          check={optionalPrice(text.priceFloorInvalid)}
          hint={floorHint(draft)}
        />
        <TextField
          label={fields.maxPerBuyerPerDay}
          inputMode="numeric"
          hint={fields.maxPerBuyerPerDayHint}
          {...bind.text('max_per_buyer_per_day')}
        />
      </div>
      <div className="staff-form__row product-form__unit">
        <SelectField label={fields.unit} {...bind.text('unit')}>
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </SelectField>
        <Checkbox label={fields.noLineLimit} {...bind.check('no_line_limit')} />
      </div>
      <div className="staff-form__row">
        <TextField label={fields.weight} inputMode="decimal" hint={fields.weightHint} {...bind.text('weight_kg')} />
      </div>

      <div className="staff-form__row">
        <OptionSelect
          label={fields.category}
          {...bind.text('categoryId')}
          empty={fields.chooseCategory}
          options={namedOptions(categories)}
        />
        <OptionSelect
          label={fields.brand}
          {...bind.text('brandId')}
          empty={fields.noBrand}
          options={namedOptions(brands)}
        />
      </div>

      <ImageUploader
        label={fields.images}
        images={draft.images}
        onChange={(images) => change('images', images)}
        path="/api/products/images"
        texts={imageTexts.product}
        multiple
        error={errors.images}
      />

      <fieldset>
        <legend>{fields.stock}</legend>
        <div className="product-form__switches">
          <Checkbox label={fields.infiniteStock} {...bind.check('infinite_stock')} />
          <Checkbox label={fields.hasSizes} {...bind.check('has_sizes')} />
        </div>
        {!draft.has_sizes && !draft.infinite_stock && (
          <TextField label={fields.stock} inputMode="numeric" {...bind.text('stock')} />
        )}
        {draft.has_sizes && (
          <>
            <TextField
              label={fields.addOptions}
              hint={fields.addOptionsHint}
              value={optionInput}
              onChange={(event) => {
                const value = event.target.value
                // A pasted list ending in a comma is taken at once, like a typed comma.
                if (value.includes(',')) commitOptions(value)
                else setOptionInput(value)
              }}
              onKeyDown={handleOptionKey}
              error={errors.size_stock}
            />
            {draft.size_stock.length > 0 && (
              <ul className="staff-stack product-form__options" aria-label={fields.optionsCaption}>
                {draft.size_stock.map((option, index) => (
                  <OptionRow
                    key={option.size}
                    option={option}
                    errors={errors}
                    index={index}
                    onChange={(changes) => changeOption(index, changes)}
                    onRemove={() =>
                      change(
                        'size_stock',
                        draft.size_stock.filter((_, at) => at !== index),
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </fieldset>

      <div className="product-form__switches">
        <Checkbox label={fields.featured} {...bind.check('featured')} />
        <Checkbox label={fields.recommended} {...bind.check('recommended')} />
      </div>

      <fieldset>
        <legend>{fields.specifications}</legend>
        {draft.specifications.map((entry, index) => (
          <div key={index} className="product-form__specification">
            <TextField
              label={fields.specificationName}
              value={entry.name}
              onChange={(event) =>
                change(
                  'specifications',
                  draft.specifications.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)),
                )
              }
              error={errors[`specifications.${index}`]}
            />
            <TextField
              label={fields.specificationValue}
              value={entry.value}
              onChange={(event) =>
                change(
                  'specifications',
                  draft.specifications.map((item, at) =>
                    at === index ? { ...item, value: event.target.value } : item,
                  ),
                )
              }
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={format(fields.removeSpecification, { number: index + 1 })}
              onClick={() =>
                change(
                  'specifications',
                  draft.specifications.filter((_, at) => at !== index),
                )
              }
            >
              <CloseIcon size={18} />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className="product-form__add-specification"
          onClick={() => change('specifications', [...draft.specifications, { name: '', value: '' }])}
        >
          {fields.addSpecification}
        </Button>
      </fieldset>
    </StaffFormDialog>
  )
}

type SwitchedPriceProps = {
  label: string
  isOn: boolean
  onSwitch: (isOn: boolean) => void
  price: { label: string; value: string; onChange: (value: string) => void; error: string | undefined }
  check: (text: string) => string | null
  hint?: string
}

/** A discount or wholesale price: a checkbox, and the price field while it is ticked (switching clears the price). */
function SwitchedPrice({ label, isOn, onSwitch, price, check, hint }: SwitchedPriceProps) {
  return (
    <div className="product-form__switched">
      <Checkbox label={label} checked={isOn} onChange={(event) => onSwitch(event.target.checked)} />
      {isOn && <PriceField {...price} check={check} hint={hint} />}
    </div>
  )
}

/** The discount price field's word on a price the running sale set (product-draft.ts saleDiscountNote). */
function saleDiscountHint(note: ReturnType<typeof saleDiscountNote>): string | undefined {
  if (!note) return undefined
  if (note.kind === 'changed') return fields.discountChangedDuringSale
  return note.ownPrice === null
    ? fields.discountFromSaleNoOwn
    : format(fields.discountFromSale, { price: formatKm(note.ownPrice) })
}

type OptionRowProps = {
  option: OptionDraft
  index: number
  errors: Record<string, string>
  onChange: (changes: Partial<OptionDraft>) => void
  onRemove: () => void
}

/** docs/decisions.md, 'Money rules': what an empty floor means for this product, its wholesale price or none. */
function floorHint(draft: ProductDraft): string {
  const wholesale = Number(draft.wholesale_price.trim().replace(',', '.'))
  return draft.is_wholesale && draft.wholesale_price.trim() !== '' && Number.isFinite(wholesale) && wholesale > 0
    ? format(fields.priceFloorHintWholesale, { wholesale: formatKm(wholesale) })
    : fields.priceFloorHintNone
}

/** An optional price (an option's discount or wholesale price, the floor) may stay empty; filled in, it must be above 0. */
function optionalPrice(message: string): (value: string) => string | null {
  const positive = positivePrice(message)
  return (value) => (value.trim() === '' ? null : positive(value))
}

/** An option's three prices: the price itself must be above 0; the discount and wholesale prices may stay empty. */
const OPTION_PRICES = [
  { field: 'price', label: fields.optionPrice, invalid: text.optionPriceInvalid, rule: positivePrice },
  {
    field: 'discount_price',
    label: fields.optionDiscountPrice,
    invalid: text.optionDiscountPriceInvalid,
    rule: optionalPrice,
  },
  {
    field: 'wholesale_price',
    label: fields.optionWholesalePrice,
    invalid: text.optionWholesalePriceInvalid,
    rule: optionalPrice,
  },
] as const

function OptionRow({ option, index, errors, onChange, onRemove }: OptionRowProps) {
  const label = (field: string) => format(fields.optionField, { field, size: option.size })
  const bind = draftBinding(
    option,
    (key, value) => onChange({ [key]: value }),
    (field) => errors[`size_stock.${index}.${field}`],
  )
  return (
    <li className="staff-box product-form__option">
      <div className="product-form__option-head">
        <strong>{option.size}</strong>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          {format(fields.removeOption, { size: option.size })}
        </Button>
      </div>
      <div className="product-form__option-fields">
        <TextField label={label(fields.optionCode)} {...bind.text('customId')} />
        <TextField
          label={label(fields.optionStock)}
          inputMode="numeric"
          {...bind.text('stock')}
          disabled={option.infinite}
        />
        {OPTION_PRICES.map((price) => (
          <PriceField
            key={price.field}
            label={label(price.label)}
            {...bind.value(price.field)}
            check={price.rule(format(price.invalid, { size: option.size }))}
          />
        ))}
        <TextField
          label={label(fields.optionWeight)}
          inputMode="decimal"
          placeholder={fields.optionWeightHint}
          {...bind.text('weight_kg')}
        />
        <Checkbox label={label(fields.optionInfinite)} {...bind.check('infinite')} />
      </div>
    </li>
  )
}
