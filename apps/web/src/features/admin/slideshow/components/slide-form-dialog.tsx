import { admin } from '@shop/shared/messages/bs/admin.ts'
import { images as imageTexts } from '@shop/shared/messages/bs/images.ts'
import { slideForm, slideLink } from '@shop/shared/schemas/slide-form.ts'
import { Checkbox, TextField } from '../../../../ui/field.tsx'
import { fetchAllSlides, saveSlide, type Slide } from '../../api/slides.ts'
import type { Category } from '@shop/shared/schemas/catalogue.ts'
import { SingleImageUploader } from '../../components/image-uploader.tsx'
import { namedOptions, OptionSelect } from '../../kit/option-select.tsx'
import { StaffFormDialog } from '../../kit/staff-form-dialog.tsx'
import { useStaffForm } from '../../kit/use-staff-form.ts'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { wholeNumberInput } from '../../kit/whole-number-input.ts'

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
  const form = useStaffForm({
    initial: draftOf(slide, nextOrder),
    schema: slideForm,
    save: (values, edit) => saveSlide(slide?.id ?? null, values, edit.version),
    versioned: {
      version: slide?.version ?? 0,
      reload: async () => {
        const latest = (await fetchAllSlides()).find((candidate) => candidate.id === slide?.id)
        if (!latest) throw new Error('gone')
        return { draft: draftOf(latest, nextOrder), version: latest.version }
      },
    },
    // §8: slide failures are in English with a retry hint, whatever the server said.
    texts: { done: slide ? text.updated : text.created, message: () => text.saveFailed },
    onSaved: () => onSaved(slide === null),
  })
  const { value: draft, errors, change, bind } = form

  const formId = 'slide-form'
  return (
    <StaffFormDialog
      title={slide ? text.editTitle : text.addTitle}
      formId={formId}
      {...form.dialog}
      onClose={onClose}
      isWide
    >
      <TextField label={fields.title} {...bind.text('title')} />
      <TextAreaField label={fields.description} {...bind.value('description')} rows={3} />
      <div className="staff-form__row">
        <SingleImageUploader
          label={fields.desktopImage}
          {...bind.value('image_url')}
          path="/api/slides/images"
          texts={SLIDE_IMAGE_TEXTS}
          isMobile={false}
        />
        <SingleImageUploader
          label={fields.mobileImage}
          {...bind.value('mobile_image_url')}
          path="/api/slides/images"
          texts={SLIDE_IMAGE_TEXTS}
          isMobile
        />
      </div>
      <div className="staff-form__row">
        <TextField label={fields.order} {...wholeNumberInput(0)} {...bind.text('order')} />
        <OptionSelect
          label={fields.category}
          {...bind.text('categoryId')}
          empty={fields.noCategory}
          options={namedOptions(categories)}
        />
      </div>
      <TextField
        label={fields.link}
        value={draft.categoryId ? (slideLink(draft.categoryId, null) ?? '') : draft.link}
        disabled={draft.categoryId !== ''}
        hint={draft.categoryId ? fields.linkFromCategory : fields.linkHint}
        onChange={(event) => change('link', event.target.value)}
        error={errors.link}
      />
      <Checkbox label={fields.isActive} {...bind.check('is_active')} />
    </StaffFormDialog>
  )
}
