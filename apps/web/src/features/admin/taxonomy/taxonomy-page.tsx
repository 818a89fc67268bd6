import { useState } from 'react'
import type { z } from 'zod'
import { format } from '@shop/shared/messages/format.ts'
import type { admin } from '@shop/shared/messages/bs/admin.ts'
import { Button } from '../../../ui/button.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ListIcon } from '../../../ui/icons.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { firstErrorPerField } from '../../../lib/field-errors.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { useConfirm } from '../kit/confirm-dialog.tsx'
import { StaffFormDialog } from '../kit/staff-form-dialog.tsx'
import { StaffFrame } from '../kit/staff-frame.tsx'
import { CardActions, CountBadge, searchBox, StaffList, StaffToolbar } from '../kit/staff-list.tsx'
import { useEditing } from '../kit/use-editing.ts'
import { useDraft } from '../kit/use-draft.ts'
import { useStaffAction } from '../kit/use-staff-action.ts'
import { useStaffSearch } from '../kit/use-staff-search.ts'
import { filterTaxonomy } from './filter-taxonomy.ts'
import './taxonomy-page.css'
import { TextAreaField } from '../kit/text-area-field.tsx'
import type { RecordEdit } from '../kit/record-edit.ts'
import { useRecordVersion } from '../kit/use-record-version.tsx'

function draftOf(item: Item | null) {
  return { name: item?.name ?? '', description: item?.description ?? '', image_url: item?.image_url ?? '' }
}

type Item = { id: string; name: string; description: string | null; image_url?: string | null; version: number }
type Values = { name: string; description?: string | null | undefined; image_url?: string | null | undefined }
type Texts = (typeof admin)['category'] | (typeof admin)['brand']

type TaxonomyPageProps<V extends Values> = {
  texts: Texts
  /** The brand form has an image URL field too. */
  hasImageUrl: boolean
  schema: z.ZodType<V, unknown>
  load: (signal: AbortSignal) => Promise<Item[]>
  /** An edit sends the version its form was opened with and the fields the editor changed. */
  save: (id: string | null, values: V, edit?: RecordEdit) => Promise<unknown>
  remove: (id: string) => Promise<unknown>
}

/**
 * staff-and-content.md §2 Categories admin and brands admin: search on name and description,
 * sorted by name, a card grid, an add/edit modal and delete after a browser confirmation.
 */
export function TaxonomyPage<V extends Values>(props: TaxonomyPageProps<V>) {
  const { texts, hasImageUrl, load, remove } = props
  const list = useLoad(load, 'list')
  const search = useStaffSearch(0)
  const editor = useEditing<Item>(list.reload)
  const deletion = useStaffAction()
  const confirm = useConfirm()
  const cardTexts = {
    edit: texts.editButton,
    editNamed: texts.edit,
    delete: texts.deleteButton,
    deleteNamed: texts.delete,
  }

  async function handleDelete(item: Item) {
    // §8: deleting a category or brand asks for a browser confirmation first.
    if (!(await confirm.ask({ browser: true, message: format(texts.deleteConfirm, { name: item.name }) }))) return
    await deletion.run(() => remove(item.id), {
      failed: texts.deleteFailed,
      done: texts.deleted,
      // A category that products use: the normaliser's reference error says why.
      message: (error) =>
        error instanceof ApiError && error.code === 'REFERENCE_ERROR' ? error.message : texts.deleteFailed,
    })
    list.reload()
  }

  return (
    <StaffFrame
      title={texts.title}
      badge={<CountBadge count={list.data?.length} text={texts.count} />}
      actions={<Button onClick={() => editor.open(null)}>{texts.add}</Button>}
      loads={[{ load: list, failed: texts.loadFailed }]}
      errors={[deletion.error]}
    >
      <StaffToolbar search={searchBox(search, texts.searchLabel, texts.searchPlaceholder)} />
      <StaffList
        items={list.data && filterTaxonomy(list.data, search.search)}
        keyOf={(item) => item.id}
        isFiltered={search.search.trim() !== ''}
        empty={{ icon: <ListIcon size={30} />, title: texts.empty, noMatch: texts.noMatch }}
        render={(item) => (
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
            <CardActions
              name={item.name}
              texts={cardTexts}
              onEdit={() => editor.open(item)}
              onDelete={() => void handleDelete(item)}
            />
          </article>
        )}
      />
      {editor.editing && (
        <TaxonomyDialog {...props} item={editor.editing.item} onClose={editor.close} onSaved={editor.saved} />
      )}
      {confirm.element}
    </StaffFrame>
  )
}

type TaxonomyDialogProps<V extends Values> = TaxonomyPageProps<V> & {
  item: Item | null
  onClose: () => void
  onSaved: () => void
}

/** The add/edit modal: name, description and (brands) the image address. */
function TaxonomyDialog<V extends Values>({
  texts,
  hasImageUrl,
  schema,
  save,
  load,
  item,
  onClose,
  onSaved,
}: TaxonomyDialogProps<V>) {
  const draft = useDraft(draftOf(item))
  const saving = useStaffAction()
  const version = useRecordVersion({
    draft,
    version: item?.version ?? 0,
    reload: async () => {
      const latest = (await load(new AbortController().signal)).find((candidate) => candidate.id === item?.id)
      if (!latest) throw new Error('gone')
      return { draft: draftOf(latest), version: latest.version }
    },
    onReloaded: saving.clearError,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const values = draft.value

  async function submit() {
    const checked = schema.safeParse({
      name: values.name,
      description: values.description,
      ...(hasImageUrl ? { image_url: values.image_url } : {}),
    })
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    // §8: the error message or an 'error' text, else 'Failed to save category' / 'Failed to save brand'.
    const outcome = await saving.run(
      () =>
        item
          ? version.save((opened, changed) => save(item.id, checked.data, { version: opened, changed }))
          : save(null, checked.data),
      {
        failed: texts.saveFailed,
        done: item ? texts.updated : texts.created,
      },
    )
    if (outcome.ok) onSaved()
  }

  return (
    <StaffFormDialog
      title={item ? texts.editTitle : texts.addTitle}
      formId={`${texts.title}-form`}
      isSaving={saving.isBusy}
      saveError={saving.error}
      isDirty={draft.isDirty}
      onClose={onClose}
      onSubmit={() => void submit()}
      cancelLabel={texts.cancel}
      saveLabel={texts.save}
      versionNotice={version.notice}
    >
      <TextField
        label={texts.name}
        value={values.name}
        onChange={(event) => draft.patch({ name: event.target.value })}
        error={errors.name}
      />
      <TextAreaField
        label={texts.description}
        value={values.description}
        onChange={(text) => draft.patch({ description: text })}
        error={errors.description}
        rows={3}
      />
      {hasImageUrl && 'imageUrl' in texts && (
        <TextField
          label={texts.imageUrl}
          type="url"
          inputMode="url"
          value={values.image_url}
          onChange={(event) => draft.patch({ image_url: event.target.value })}
          error={errors.image_url}
        />
      )}
    </StaffFormDialog>
  )
}
