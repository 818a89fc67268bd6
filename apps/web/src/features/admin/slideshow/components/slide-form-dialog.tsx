import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { slideForm, slideLink } from '@shop/shared/schemas/slide-form.ts'
import { Checkbox, Field, SelectField, TextField } from '../../../../ui/field.tsx'
import { saveSlide, type Slide } from '../../api/slides.ts'
import type { Category } from '../../api/taxonomy.ts'
import { ImageUploader } from '../../components/image-uploader.tsx'
import { StaffFormDialog } from '../../components/staff-form-dialog.tsx'
import { firstErrorPerField } from '../../../../lib/field-errors.ts'

const text = admin.slide
const fields = text.fields
// §5 Images: the slide form words the type and size rules in Bosnian; §8: its upload failure in English.
const SLIDE_IMAGE_TEXTS = { ...imageTexts.content, uploadFailed: text.uploadFailed }

type Draft = {
  title: string
  description: string
  image_url: string
  mobile_image_url: string
  order: string
  is_active: boolean
  link: string
  categoryId: string
}

function draftOf(slide: Slide | null, nextOrder: number): Draft {
  return {
    title: slide?.title ?? '',
    description: slide?.description ?? '',
    image_url: slide?.image_url ?? '',
    mobile_image_url: slide?.mobile_image_url ?? '',
    order: String(slide?.order ?? nextOrder),
    is_active: slide?.is_active ?? true,
    link: slide?.categoryId ? '' : (slide?.link ?? ''),
    categoryId: slide?.categoryId ?? '',
  }
}

const asImages = (url: string) => (url ? [{ url, is_primary: true }] : [])

type SlideFormDialogProps = {
  slide: Slide | null
  nextOrder: number
  categories: readonly Category[]
  onClose: () => void
  onSaved: (isNew: boolean) => void
}

/**
 * staff-and-content.md §2 Slideshow admin and §5 Slide form: title and description trimmed, an
 * empty description and mobile image sent as null, order at least 0; choosing a category links
 * the slide to the store filtered by it and disables the custom link.
 */
export function SlideFormDialog({ slide, nextOrder, categories, onClose, onSaved }: SlideFormDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(slide, nextOrder))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  async function submit() {
    const checked = slideForm.safeParse(draft)
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    setSaveError(null)
    setIsSaving(true)
    try {
      await saveSlide(slide?.id ?? null, checked.data)
      onSaved(slide === null)
    } catch {
      setSaveError(text.saveFailed)
    } finally {
      setIsSaving(false)
    }
  }

  const formId = 'slide-form'
  return (
    <StaffFormDialog
      title={slide ? text.editTitle : text.addTitle}
      formId={formId}
      isSaving={isSaving}
      saveError={saveError}
      onClose={onClose}
      onSubmit={() => void submit()}
      isWide
    >
      <TextField
        label={fields.title}
        value={draft.title}
        onChange={(event) => change('title', event.target.value)}
        error={errors.title}
      />
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
      <div className="staff-form__row">
        <ImageUploader
          label={fields.desktopImage}
          images={asImages(draft.image_url)}
          onChange={(images) => change('image_url', images[0]?.url ?? '')}
          path="/api/slides/images"
          texts={SLIDE_IMAGE_TEXTS}
          isMobile={false}
          error={errors.image_url}
        />
        <ImageUploader
          label={fields.mobileImage}
          images={asImages(draft.mobile_image_url)}
          onChange={(images) => change('mobile_image_url', images[0]?.url ?? '')}
          path="/api/slides/images"
          texts={SLIDE_IMAGE_TEXTS}
          isMobile
          error={errors.mobile_image_url}
        />
      </div>
      <div className="staff-form__row">
        <TextField
          label={fields.order}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={draft.order}
          onChange={(event) => change('order', event.target.value)}
          error={errors.order}
        />
        <SelectField
          label={fields.category}
          value={draft.categoryId}
          onChange={(event) => change('categoryId', event.target.value)}
          error={errors.categoryId}
        >
          <option value="">{fields.noCategory}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={fields.link}
        value={draft.categoryId ? (slideLink(draft.categoryId, null) ?? '') : draft.link}
        disabled={draft.categoryId !== ''}
        hint={draft.categoryId ? fields.linkFromCategory : fields.linkHint}
        onChange={(event) => change('link', event.target.value)}
        error={errors.link}
      />
      <Checkbox
        label={fields.isActive}
        checked={draft.is_active}
        onChange={(event) => change('is_active', event.target.checked)}
      />
    </StaffFormDialog>
  )
}
