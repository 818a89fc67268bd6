import { useState } from 'react'
import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { menuItemInput, type MenuCategory, type MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { Checkbox, Field, SelectField, TextField } from '../../../../ui/field.tsx'
import { ImageUploader } from '../../components/image-uploader.tsx'
import { saveFailureMessage } from '../../error-messages.ts'
import { saveMenuItem } from '../api/menu.ts'
import { categoryOptions } from '../category-tree.ts'
import { ListInput } from './list-input.tsx'
import { StaffFormDialog } from '../../components/staff-form-dialog.tsx'
import { firstErrorPerField } from '../../../../lib/field-errors.ts'

const text = restaurant.admin
const fields = text.fields

type Draft = {
  name: string
  description: string
  price: string
  image: string
  isAvailable: boolean
  categoryId: string
  ingredients: string[]
  allergens: string[]
  featured: boolean
}

function draftOf(item: MenuItem | null): Draft {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? String(item.price) : '',
    image: item?.image ?? '',
    isAvailable: item?.isAvailable ?? true,
    categoryId: item?.categoryId ?? '',
    ingredients: item?.ingredients ?? [],
    allergens: item?.allergens ?? [],
    featured: item?.featured ?? false,
  }
}

type MenuItemDialogProps = {
  item: MenuItem | null
  categories: readonly MenuCategory[]
  onClose: () => void
  onSaved: (isNew: boolean) => void
}

/**
 * staff-and-content.md §2 Restaurant menu admin and §5 Restaurant menu: the add/edit dialog with
 * every field of an item; the name is required and the price a positive number. The image goes
 * through the menu upload (Bosnian texts, §5 Images and §8).
 */
export function MenuItemDialog({ item, categories, onClose, onSaved }: MenuItemDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(item))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  async function submit() {
    const checked = menuItemInput.safeParse(draft)
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    setSaveError(null)
    setIsSaving(true)
    try {
      await saveMenuItem(item?.id ?? null, checked.data)
      onSaved(item === null)
    } catch (error) {
      setSaveError(saveFailureMessage(error, text.saveFailed))
    } finally {
      setIsSaving(false)
    }
  }

  const formId = 'menu-item-form'
  return (
    <StaffFormDialog
      title={item ? text.editTitle : text.addTitle}
      formId={formId}
      isSaving={isSaving}
      saveError={saveError}
      onClose={onClose}
      onSubmit={() => void submit()}
      isWide
    >
      <div className="staff-form__row">
        <TextField
          label={fields.name}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label={fields.price}
          inputMode="decimal"
          value={draft.price}
          onChange={(event) => change('price', event.target.value)}
          error={errors.price}
          required
        />
      </div>
      <Field label={fields.description} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            className="ui-input"
            rows={3}
            value={draft.description}
            onChange={(event) => change('description', event.target.value)}
          />
        )}
      </Field>
      <SelectField
        label={fields.category}
        value={draft.categoryId}
        onChange={(event) => change('categoryId', event.target.value)}
        error={errors.categoryId}
      >
        <option value="">{fields.noCategory}</option>
        {categoryOptions(categories).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <ImageUploader
        label={fields.image}
        images={draft.image ? [{ url: draft.image, is_primary: true }] : []}
        onChange={(uploaded) => change('image', uploaded[0]?.url ?? '')}
        path="/api/restaurant/menu/images"
        texts={imageTexts.content}
        error={errors.image}
      />
      <div className="staff-form__row">
        <ListInput
          label={fields.ingredients}
          values={draft.ingredients}
          onChange={(values) => change('ingredients', values)}
          error={errors.ingredients}
        />
        <ListInput
          label={fields.allergens}
          values={draft.allergens}
          onChange={(values) => change('allergens', values)}
          error={errors.allergens}
        />
      </div>
      <div className="staff-form__row">
        <Checkbox
          label={fields.isAvailable}
          checked={draft.isAvailable}
          onChange={(event) => change('isAvailable', event.target.checked)}
        />
        <Checkbox
          label={fields.featured}
          checked={draft.featured}
          onChange={(event) => change('featured', event.target.checked)}
        />
      </div>
    </StaffFormDialog>
  )
}
