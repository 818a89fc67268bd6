import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { menuItemInput, type MenuCategory, type MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { Checkbox, TextField } from '../../../../ui/field.tsx'
import { SingleImageUploader } from '../../components/image-uploader.tsx'
import { fetchMenuItems, saveMenuItem } from '../api/menu.ts'
import { categoryOptions } from '../category-tree.ts'
import { ListInput } from './list-input.tsx'
import { PriceField, positivePrice } from '../../kit/price-field.tsx'
import { OptionSelect } from '../../kit/option-select.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { TextAreaField } from '../../kit/text-area-field.tsx'

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
  const form = useStaffForm({
    initial: draftOf(item),
    schema: menuItemInput,
    save: (values, edit) => saveMenuItem(item?.id ?? null, values, edit),
    versioned: {
      version: item?.version ?? 0,
      reload: async () => {
        const latest = (await fetchMenuItems()).find((candidate) => candidate.id === item?.id)
        if (!latest) throw new Error('gone')
        return { draft: draftOf(latest), version: latest.version }
      },
    },
    texts: { failed: text.saveFailed, done: item ? text.updated : text.created },
    onSaved: () => onSaved(item === null),
  })
  const { bind } = form

  const formId = 'menu-item-form'
  return (
    <StaffFormDialog
      title={item ? text.editTitle : text.addTitle}
      formId={formId}
      {...form.dialog}
      onClose={onClose}
      isWide
    >
      <div className="staff-form__row">
        <TextField label={fields.name} {...bind.text('name')} required />
        <PriceField
          label={fields.price}
          {...bind.value('price')}
          check={positivePrice(restaurant.validation.pricePositive)}
        />
      </div>
      <TextAreaField label={fields.description} {...bind.value('description')} rows={3} />
      <OptionSelect
        label={fields.category}
        {...bind.text('categoryId')}
        empty={fields.noCategory}
        options={categoryOptions(categories)}
      />
      <SingleImageUploader
        label={fields.image}
        {...bind.value('image')}
        path="/api/restaurant/menu/images"
        texts={imageTexts.content}
      />
      <div className="staff-form__row">
        <ListInput label={fields.ingredients} {...bind.value('ingredients')} />
        <ListInput label={fields.allergens} {...bind.value('allergens')} />
      </div>
      <div className="staff-form__row">
        <Checkbox label={fields.isAvailable} {...bind.check('isAvailable')} />
        <Checkbox label={fields.featured} {...bind.check('featured')} />
      </div>
    </StaffFormDialog>
  )
}
