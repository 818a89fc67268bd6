import { useState } from 'react'
import { firstErrorPerField } from '../../../lib/field-errors.ts'
import { draftBinding } from './draft-binding.ts'
import { useDraft } from './use-draft.ts'
import { useStaffAction, type ActionTexts } from './use-staff-action.ts'

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string }
/** A zod schema, or anything with its safeParse. */
type Schema<V> = {
  safeParse: (input: unknown) => { success: true; data: V } | { success: false; error: { issues: readonly Issue[] } }
}

type StaffFormOptions<D, V, R> = {
  /** The draft the form starts from (read once, on mount). */
  initial: D
  /** The form's rules: the schema the server uses; its first message per field is shown. */
  schema: Schema<V>
  /** The call that stores the checked values. */
  save: (values: V) => Promise<R>
  /** The success toast and the §8 failure text of the save. */
  texts: ActionTexts
  onSaved: (saved: R) => void
}

/**
 * A staff form in a dialog: its draft, the schema's field errors (all at once), the save with its
 * toast and failure text, and the props StaffFormDialog needs: `<StaffFormDialog {...form.dialog}>`.
 */
export function useStaffForm<D extends object, V, R>({
  initial,
  schema,
  save,
  texts,
  onSaved,
}: StaffFormOptions<D, V, R>) {
  const draft = useDraft(initial)
  const action = useStaffAction()
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function submit() {
    const checked = schema.safeParse(draft.value)
    if (!checked.success) {
      setErrors(firstErrorPerField(checked.error.issues))
      return
    }
    setErrors({})
    const outcome = await action.run(() => save(checked.data), texts)
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
    },
  }
}
