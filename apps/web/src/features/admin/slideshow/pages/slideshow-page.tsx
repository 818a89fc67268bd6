import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Dialog } from '../../../../ui/dialog.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { ImageIcon } from '../../../../ui/icons.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { deleteSlide, fetchAllSlides, type Slide } from '../../api/slides.ts'
import { fetchCategories } from '../../api/taxonomy.ts'
import { StaffLayout } from '../../components/staff-layout.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { SlideFormDialog } from '../components/slide-form-dialog.tsx'
import { slideLinkLabel } from '../slide-link.ts'
import './slideshow-page.css'

const text = admin.slide

/** staff-and-content.md §2 Slideshow admin: a grid with the active badge and order, add/edit and delete. */
export function AdminSlideshowPage() {
  const toast = useToast()
  const slides = useLoad(fetchAllSlides, 'slides')
  const categories = useLoad(fetchCategories, 'categories')
  const [editing, setEditing] = useState<{ slide: Slide | null } | null>(null)
  const [deleting, setDeleting] = useState<Slide | null>(null)
  const [isDeleting, setIsDeleting] = useState(false)
  const [pageError, setPageError] = useState<string | null>(null)

  async function confirmDelete(slide: Slide) {
    setIsDeleting(true)
    setPageError(null)
    try {
      await deleteSlide(slide.id)
      toast.show(text.deleted, 'success')
    } catch {
      setPageError(text.deleteFailed)
    } finally {
      setIsDeleting(false)
      setDeleting(null)
      slides.reload()
    }
  }

  const list = slides.data ?? []
  const nextOrder = list.reduce((highest, slide) => Math.max(highest, slide.order + 1), 0)
  return (
    <StaffLayout
      title={shell.admin.pages.slideshow.title}
      badge={slides.data && <Badge tone="primary">{format(admin.staff.count, { count: list.length })}</Badge>}
      actions={
        <Button onClick={() => setEditing({ slide: null })} disabled={!categories.data}>
          {text.add}
        </Button>
      }
    >
      {pageError && <Alert tone="danger">{pageError}</Alert>}
      {(slides.status === 'error' || categories.status === 'error') && (
        <Alert tone="danger">
          {text.loadFailed}{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              slides.reload()
              categories.reload()
            }}
          >
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!slides.data && slides.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {slides.data && list.length === 0 && <EmptyState icon={<ImageIcon size={30} />} title={text.empty} />}
      {list.length > 0 && (
        <ul className="staff-grid slide-grid">
          {list.map((slide) => {
            const title = slide.title || text.untitled
            const link = slideLinkLabel(slide, categories.data)
            return (
              <li key={slide.id}>
                <article className="ui-card staff-card slide-card">
                  <div className="slide-card__image">
                    <img src={imageVariantUrl(slide.image_url, 640)} alt="" loading="lazy" />
                    <div className="slide-card__badges">
                      <Badge tone={slide.is_active ? 'success' : 'neutral'}>
                        {slide.is_active ? text.active : text.inactive}
                      </Badge>
                      <Badge tone="primary">{format(text.orderBadge, { order: slide.order })}</Badge>
                    </div>
                  </div>
                  <div className="staff-card__body">
                    <h2 className="staff-card__title">{title}</h2>
                    {slide.description && <p className="staff-card__text">{slide.description}</p>}
                    {link && <p className="staff-card__text slide-card__link">{link}</p>}
                  </div>
                  <div className="staff-card__actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={!categories.data}
                      onClick={() => setEditing({ slide })}
                      aria-label={format(admin.staff.editNamed, { name: title })}
                    >
                      {admin.staff.edit}
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setDeleting(slide)}
                      aria-label={format(admin.staff.deleteNamed, { name: title })}
                    >
                      {admin.staff.delete}
                    </Button>
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
      {editing && categories.data && (
        <SlideFormDialog
          slide={editing.slide}
          nextOrder={nextOrder}
          categories={categories.data}
          onClose={() => setEditing(null)}
          onSaved={(isNew) => {
            setEditing(null)
            toast.show(isNew ? text.created : text.updated, 'success')
            slides.reload()
          }}
        />
      )}
      {deleting && (
        <Dialog
          open
          onClose={() => setDeleting(null)}
          title={text.deleteTitle}
          closeLabel={shell.dialogClose}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {admin.staff.cancel}
              </Button>
              <Button variant="danger" isLoading={isDeleting} onClick={() => void confirmDelete(deleting)}>
                {text.confirmDelete}
              </Button>
            </>
          }
        >
          <p>{text.deleteConfirm}</p>
        </Dialog>
      )}
    </StaffLayout>
  )
}
