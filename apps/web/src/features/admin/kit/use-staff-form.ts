import { useState } from 'react'
import { firstErrorPerField } from '../../../lib/field-errors.ts'
import { draftBinding } from './draft-binding.ts'
import { useDraft } from './use-draft.ts'
import { useStaffAction, type ActionTexts } from './use-staff-action.ts'
import type { RecordEdit } from './record-edit.ts'
import { isStaleVersion, useRecordVersion } from './use-record-version.tsx'
import { failureMessage } from './failure.ts'

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string }
/** A zod schema, or anything with its safeParse. */
export type Schema<V> = {
  safeParse: (input: unknown) => { success: true; data: V } | { success: false; error: { issues: readonly Issue[] } }
}

type StaffFormOptions<D, V, R> = {
  /** The draft the form starts from (read once, on mount). */
  initial: D
  /** The form's rules: the schema the server uses; its first message per field is shown. */
  schema: Schema<V>
  /**
   * The call that stores the checked values; an edit of a versioned record gets the version its form was
   * opened with and the fields the editor changed (docs/decisions.md ('Edits that never overwrite each other')).
   */
  save: (values: V, edit: RecordEdit) => Promise<R>
  /** A record with a version: where the form reads it as saved now ('Učitaj najnovije'). */
  versioned?: { version: number; reload: () => Promise<{ draft: D; version: number }> }
  /** The success toast and the §8 failure text of the save. */
  texts: ActionTexts
  onSaved: (saved: R) => void
}

/** A fixed failure text gives way to the server's STALE_VERSION message, which names who saved and when. */
function withStaleMessage(texts: ActionTexts): ActionTexts {
  return {
    done: texts.done,
    message: (error) =>
      isStaleVersion(error) && error instanceof Error
        ? error.message
        : texts.message
          ? texts.message(error)
          : failureMessage(error, texts.failed ?? ''),
  }
}

/**
 * A staff form in a dialog: its draft, the schema's field errors (all at once), the save with its
 * toast and failure text, and the props StaffFormDialog needs: `<StaffFormDialog {...form.dialog}>`.
 */
export function useStaffForm<D extends Record<string, unknown>, V, R>({
  initial,
  schema,
  save,
  texts,
  onSaved,
  versioned,
}: StaffFormOptions<D, V, R>) {
  const draft = useDraft(initial)
  const action = useStaffAction()
  const version = useRecordVersion({
    draft,
    version: versioned?.version ?? 0,
    reload: versioned?.reload ?? (() => Promise.reject(new Error('not versioned'))),
    onReloaded: action.clearError,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit() {
    const checked = schema.safeParse(draft.value)
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    const outcome = await action.run(
      () => version.save((opened, changed) => save(checked.data, { version: opened, changed })),
      withStaleMessage(texts),
    )
    if (outcome.ok) onSaved(outcome.value)
  }

  const change = <K extends keyof D>(key: K, value: D[K]) => draft.set((current) => ({ ...current, [key]: value }))
  return {
    value: draft.value,
    set: draft.set,
    isDirty: draft.isDirty,
    reset: draft.reset,
    change,
    bind: draftBinding(draft.value, change, (key) => errors[key]),
    errors,
    setErrors,
    submit,
    dialog: {
      isSaving: action.isBusy,
      saveError: action.error,
      isDirty: draft.isDirty,
      fieldErrors: errors,
      onSubmit: () => void submit(),
      versionNotice: version.notice,
    },
    /** After a save on a page that stays open: the record's new version. */
    setVersion: version.setVersion,
  }
}
