import { useState, type KeyboardEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { findDuplicateCode } from '@shop/shared/schemas/product-form.ts'
import { Button } from '../../../../ui/button.tsx'
import { Checkbox, Field, SelectField, TextField } from '../../../../ui/field.tsx'
import { CloseIcon } from '../../../../ui/icons.tsx'
import { createProduct, fetchProductsByCode, updateProduct, type AdminProduct } from '../../api/products.ts'
import type { Brand, Category } from '../../api/taxonomy.ts'
import { ImageUploader } from '../../components/image-uploader.tsx'
import {
  addOptions,
  checkDraft,
  draftFromProduct,
  emptyDraft,
  type OptionDraft,
  type ProductDraft,
} from '../product-draft.ts'
import './product-form-dialog.css'
import { StaffFormDialog } from '../../components/staff-form-dialog.tsx'

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
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : emptyDraft()))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [optionInput, setOptionInput] = useState('')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const editingId = product?.id ?? null

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
    setSaveError(null)
    const checked = checkDraft(optionInput.trim() ? addOptions(draft, optionInput) : draft)
    const duplicate = await duplicateCodeMessage(draft.customId, editingId)
    if (!checked.ok || duplicate) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(duplicate ? { customId: duplicate } : {}) })
      return
    }
    setErrors({})
    setIsSaving(true)
    try {
      const saved = editingId ? await updateProduct(editingId, checked.payload) : await createProduct(checked.payload)
      onSaved(saved, editingId === null)
    } catch (error) {
      // §8: a product save shows the error's message.
      setSaveError(error instanceof Error ? error.message : String(error))
    } finally {
      setIsSaving(false)
    }
  }

  const error = (key: string) => errors[key] ?? null
  const formId = 'product-form'
  return (
    <StaffFormDialog
      title={product ? text.editTitle : text.addTitle}
      formId={formId}
      isSaving={isSaving}
      saveError={saveError}
      onClose={onClose}
      onSubmit={() => void save()}
      isWide
    >
      <div className="staff-form__row">
        <TextField
          label={fields.code}
          value={draft.customId}
          onChange={(event) => change('customId', event.target.value)}
          onBlur={() => void checkCode()}
          error={error('customId')}
          autoComplete="off"
        />
        <TextField
          label={fields.name}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          error={error('name')}
        />
      </div>
      <TextField
        label={fields.shortDescription}
        value={draft.short_description}
        onChange={(event) => change('short_description', event.target.value)}
        error={error('short_description')}
      />
      <Field label={fields.description} error={error('description')}>
        {(control) => (
          <textarea
            {...control}
            className="ui-input"
            rows={4}
            value={draft.description}
            onChange={(event) => change('description', event.target.value)}
          />
        )}
      </Field>

      <div className="staff-form__row staff-form__row--3">
        <TextField
          label={fields.price}
          inputMode="decimal"
          value={draft.price}
          onChange={(event) => change('price', event.target.value)}
          error={error('price')}
        />
        <div className="product-form__switched">
          <Checkbox
            label={fields.isDiscounted}
            checked={draft.is_discounted}
            onChange={(event) =>
              setDraft((current) => ({ ...current, is_discounted: event.target.checked, discount_price: '' }))
            }
          />
          {draft.is_discounted && (
            <TextField
              label={fields.discountPrice}
              inputMode="decimal"
              value={draft.discount_price}
              onChange={(event) => change('discount_price', event.target.value)}
              error={error('discount_price')}
            />
          )}
        </div>
        <div className="product-form__switched">
          <Checkbox
            label={fields.isWholesale}
            checked={draft.is_wholesale}
            onChange={(event) =>
              setDraft((current) => ({ ...current, is_wholesale: event.target.checked, wholesale_price: '' }))
            }
          />
          {draft.is_wholesale && (
            <TextField
              label={fields.wholesalePrice}
              inputMode="decimal"
              value={draft.wholesale_price}
              onChange={(event) => change('wholesale_price', event.target.value)}
              error={error('wholesale_price')}
            />
          )}
        </div>
      </div>

      <div className="staff-form__row">
        <SelectField
          label={fields.category}
          value={draft.categoryId}
          onChange={(event) => change('categoryId', event.target.value)}
          error={error('categoryId')}
        >
          <option value="">{fields.chooseCategory}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={fields.brand}
          value={draft.brandId}
          onChange={(event) => change('brandId', event.target.value)}
          error={error('brandId')}
        >
          <option value="">{fields.noBrand}</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
      </div>

      <ImageUploader
        label={fields.images}
        images={draft.images}
        onChange={(images) => change('images', images)}
        path="/api/products/images"
        texts={imageTexts.product}
        multiple
        error={error('images')}
      />

      <fieldset>
        <legend>{fields.stock}</legend>
        <div className="product-form__switches">
          <Checkbox
            label={fields.infiniteStock}
            checked={draft.infinite_stock}
            onChange={(event) => change('infinite_stock', event.target.checked)}
          />
          <Checkbox
            label={fields.hasSizes}
            checked={draft.has_sizes}
            onChange={(event) => change('has_sizes', event.target.checked)}
          />
        </div>
        {!draft.has_sizes && !draft.infinite_stock && (
          <TextField
            label={fields.stock}
            inputMode="numeric"
            value={draft.stock}
            onChange={(event) => change('stock', event.target.value)}
            error={error('stock')}
          />
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
              error={error('size_stock')}
            />
            {draft.size_stock.length > 0 && (
              <ul className="product-form__options" aria-label={fields.optionsCaption}>
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
        <Checkbox
          label={fields.featured}
          checked={draft.featured}
          onChange={(event) => change('featured', event.target.checked)}
        />
        <Checkbox
          label={fields.recommended}
          checked={draft.recommended}
          onChange={(event) => change('recommended', event.target.checked)}
        />
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
              error={error(`specifications.${index}`)}
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

type OptionRowProps = {
  option: OptionDraft
  index: number
  errors: Record<string, string>
  onChange: (changes: Partial<OptionDraft>) => void
  onRemove: () => void
}

function OptionRow({ option, index, errors, onChange, onRemove }: OptionRowProps) {
  const label = (field: string) => format(fields.optionField, { field, size: option.size })
  const error = (field: keyof OptionDraft) => errors[`size_stock.${index}.${field}`] ?? null
  return (
    <li className="product-form__option">
      <div className="product-form__option-head">
        <strong>{option.size}</strong>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          {format(fields.removeOption, { size: option.size })}
        </Button>
      </div>
      <div className="product-form__option-fields">
        <TextField
          label={label(fields.optionCode)}
          value={option.customId}
          onChange={(event) => onChange({ customId: event.target.value })}
          error={error('customId')}
        />
        <TextField
          label={label(fields.optionStock)}
          inputMode="numeric"
          value={option.stock}
          disabled={option.infinite}
          onChange={(event) => onChange({ stock: event.target.value })}
          error={error('stock')}
        />
        <TextField
          label={label(fields.optionPrice)}
          inputMode="decimal"
          value={option.price}
          onChange={(event) => onChange({ price: event.target.value })}
          error={error('price')}
        />
        <TextField
          label={label(fields.optionDiscountPrice)}
          inputMode="decimal"
          value={option.discount_price}
          onChange={(event) => onChange({ discount_price: event.target.value })}
          error={error('discount_price')}
        />
        <TextField
          label={label(fields.optionWholesalePrice)}
          inputMode="decimal"
          value={option.wholesale_price}
          onChange={(event) => onChange({ wholesale_price: event.target.value })}
          error={error('wholesale_price')}
        />
        <Checkbox
          label={label(fields.optionInfinite)}
          checked={option.infinite}
          onChange={(event) => onChange({ infinite: event.target.checked })}
        />
      </div>
    </li>
  )
}
