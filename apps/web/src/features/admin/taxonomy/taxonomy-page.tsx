import { useState } from 'react'
import type { z } from 'zod'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { Button } from '../../../ui/button.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { Field, TextField } from '../../../ui/field.tsx'
import { ListIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { StaffLayout } from '../components/staff-layout.tsx'
import { saveFailureMessage } from '../error-messages.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { filterTaxonomy } from './filter-taxonomy.ts'
import './taxonomy-page.css'
import { StaffFormDialog } from '../components/staff-form-dialog.tsx'
import { firstErrorPerField } from '../../../lib/field-errors.ts'

type Item = { id: string; name: string; description: string | null; image_url?: string | null }
type Values = { name: string; description?: string | null | undefined; image_url?: string | null | undefined }
type Texts = (typeof admin)['category'] | (typeof admin)['brand']

type TaxonomyPageProps<V extends Values> = {
  texts: Texts
  /** The brand form has an image URL field too. */
  hasImageUrl: boolean
  schema: z.ZodType<V, unknown>
  load: (signal: AbortSignal) => Promise<Item[]>
  save: (id: string | null, values: V) => Promise<unknown>
  remove: (id: string) => Promise<unknown>
}

type Draft = { id: string | null; name: string; description: string; image_url: string }

/**
 * staff-and-content.md §2 Categories admin and brands admin: search on name and description,
 * sorted by name, a card grid, an add/edit modal and delete after a browser confirmation.
 */
export function TaxonomyPage<V extends Values>({
  texts,
  hasImageUrl,
  schema,
  load,
  save,
  remove,
}: TaxonomyPageProps<V>) {
  const toast = useToast()
  const list = useLoad(load, 'list')
  const [search, setSearch] = useState('')
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  function open(item: Item | null) {
    setErrors({})
    setSaveError(null)
    setDraft({
      id: item?.id ?? null,
      name: item?.name ?? '',
      description: item?.description ?? '',
      image_url: item?.image_url ?? '',
    })
  }

  async function submit(current: Draft) {
    const checked = schema.safeParse({
      name: current.name,
      description: current.description,
      ...(hasImageUrl ? { image_url: current.image_url } : {}),
    })
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    setSaveError(null)
    setIsSaving(true)
    try {
      await save(current.id, checked.data)
      setDraft(null)
      toast.show(current.id ? texts.updated : texts.created, 'success')
      list.reload()
    } catch (error) {
      setSaveError(saveFailureMessage(error, texts.saveFailed))
    } finally {
      setIsSaving(false)
    }
  }

  async function handleDelete(item: Item) {
    if (!window.confirm(format(texts.deleteConfirm, { name: item.name }))) return
    setDeleteError(null)
    try {
      await remove(item.id)
      toast.show(texts.deleted, 'success')
    } catch (error) {
      // A category that products use: the normaliser's reference error says why.
      setDeleteError(error instanceof ApiError && error.code === 'REFERENCE_ERROR' ? error.message : texts.deleteFailed)
    }
    list.reload()
  }

  const items = list.data ? filterTaxonomy(list.data, search) : []
  const formId = `${texts.title}-form`
  return (
    <StaffLayout
      title={texts.title}
      badge={list.data && <Badge tone="primary">{format(texts.count, { count: list.data.length })}</Badge>}
      actions={<Button onClick={() => open(null)}>{texts.add}</Button>}
    >
      <div className="staff-toolbar" role="search">
        <TextField
          label={texts.searchLabel}
          type="search"
          placeholder={texts.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {deleteError && <Alert tone="danger">{deleteError}</Alert>}
      {list.status === 'error' && (
        <Alert tone="danger">
          {texts.loadFailed}{' '}
          <Button size="sm" variant="secondary" onClick={list.reload}>
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!list.data && list.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {list.data && items.length === 0 && (
        <EmptyState icon={<ListIcon size={30} />} title={search.trim() ? texts.noMatch : texts.empty} />
      )}
      {items.length > 0 && (
        <ul className="staff-grid">
          {items.map((item) => (
            <li key={item.id}>
              <article className="ui-card staff-card taxonomy-card">
                {hasImageUrl && (
                  <div className="taxonomy-card__image">
                    {item.image_url ? <img src={item.image_url} alt="" loading="lazy" /> : <ListIcon size={28} />}
                  </div>
                )}
                <div className="staff-card__body">
                  <h2 className="staff-card__title">{item.name}</h2>
                  {item.description && <p className="staff-card__text">{item.description}</p>}
                </div>
                <div className="staff-card__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => open(item)}
                    aria-label={format(texts.edit, { name: item.name })}
                  >
                    {texts.editButton}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => void handleDelete(item)}
                    aria-label={format(texts.delete, { name: item.name })}
                  >
                    {texts.deleteButton}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {draft && (
        <StaffFormDialog
          title={draft.id ? texts.editTitle : texts.addTitle}
          formId={formId}
          isSaving={isSaving}
          saveError={saveError}
          onClose={() => setDraft(null)}
          onSubmit={() => void submit(draft)}
          cancelLabel={texts.cancel}
          saveLabel={texts.save}
        >
          <TextField
            label={texts.name}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            error={errors.name}
          />
          <Field label={texts.description} error={errors.description}>
            {(control) => (
              <textarea
                {...control}
                className="ui-input"
                rows={3}
                value={draft.description}
                onChange={(event) => setDraft({ ...draft, description: event.target.value })}
              />
            )}
          </Field>
          {hasImageUrl && 'imageUrl' in texts && (
            <TextField
              label={texts.imageUrl}
              type="url"
              inputMode="url"
              value={draft.image_url}
              onChange={(event) => setDraft({ ...draft, image_url: event.target.value })}
              error={errors.image_url}
            />
          )}
        </StaffFormDialog>
      )}
    </StaffLayout>
  )
}
