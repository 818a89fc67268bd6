import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { ImageIcon } from '../../../../ui/icons.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { deleteSlide, fetchAllSlides, type Slide } from '../../api/slides.ts'
import { fetchCategories } from '../../api/taxonomy.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { CountBadge, StaffList, StaffMediaCard } from '../../kit/staff-list.tsx'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { SlideFormDialog } from '../components/slide-form-dialog.tsx'
import { slideLinkLabel } from '../slide-link.ts'
import './slideshow-page.css'

const text = admin.slide

/** staff-and-content.md §2 Slideshow admin: a grid with the active badge and order, add/edit and delete. */
export function AdminSlideshowPage() {
  const slides = useLoad(fetchAllSlides, 'slides')
  const categories = useLoad(fetchCategories, 'categories')
  const editor = useEditing<Slide>(slides.reload)
  const deletion = useStaffAction()
  const confirm = useConfirm()

  async function remove(slide: Slide) {
    const confirmed = await confirm.ask({
      title: text.deleteTitle,
      message: text.deleteConfirm,
      confirmLabel: text.confirmDelete,
    })
    if (!confirmed) return
    // §8: slide failures are in English with a retry hint.
    await deletion.run(() => deleteSlide(slide.id), { done: text.deleted, message: () => text.deleteFailed })
    slides.reload()
  }

  const nextOrder = (slides.data ?? []).reduce((highest, slide) => Math.max(highest, slide.order + 1), 0)
  return (
    <StaffFrame
      title={shell.admin.pages.slideshow.title}
      badge={<CountBadge count={slides.data?.length} />}
      actions={
        <Button onClick={() => editor.open(null)} disabled={!categories.data}>
          {text.add}
        </Button>
      }
      loads={[
        { load: slides, failed: text.loadFailed },
        { load: categories, failed: text.loadFailed },
      ]}
      errors={[deletion.error]}
    >
      <StaffList
        items={slides.data}
        keyOf={(slide) => slide.id}
        className="staff-grid slide-grid"
        empty={{ icon: <ImageIcon size={30} />, title: text.empty }}
        render={(slide) => {
          const title = slide.title || text.untitled
          const link = slideLinkLabel(slide, categories.data)
          return (
            <StaffMediaCard
              className="slide-card"
              mediaClassName="slide-card__image"
              media={<img src={imageVariantUrl(slide.image_url, 640)} alt="" loading="lazy" />}
              badges={
                <>
                  <Badge tone={slide.is_active ? 'success' : 'neutral'}>
                    {slide.is_active ? text.active : text.inactive}
                  </Badge>
                  <Badge tone="primary">{format(text.orderBadge, { order: slide.order })}</Badge>
                </>
              }
              actions={{
                name: title,
                disabled: !categories.data,
                onEdit: () => editor.open(slide),
                onDelete: () => void remove(slide),
              }}
            >
              <h2 className="staff-card__title">{title}</h2>
              {slide.description && <p className="staff-card__text">{slide.description}</p>}
              {link && <p className="staff-card__text slide-card__link">{link}</p>}
            </StaffMediaCard>
          )
        }}
      />
      {editor.editing && categories.data && (
        <SlideFormDialog
          slide={editor.editing.item}
          nextOrder={nextOrder}
          categories={categories.data}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
      {confirm.element}
    </StaffFrame>
  )
}
