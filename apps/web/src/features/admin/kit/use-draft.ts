import { useCallback, useMemo, useState } from 'react'

export type Draft<T> = {
  value: T
  /** Replaces the draft (or derives it from the current one). */
  set: (next: T | ((current: T) => T)) => void
  /** Merges some fields into an object draft. */
  patch: (fields: Partial<T>) => void
  /** The draft differs from what was loaded or last saved (compared by value). */
  isDirty: boolean
  /** After a save (or a fresh load): `next` becomes both the draft and the saved state. */
  reset: (next: T) => void
  /** What was loaded or last saved: the draft's changes are measured against it. */
  saved: T
  /**
   * The record as saved now becomes the saved state, and the draft keeps `kept` (the fields the editor
   * changed) over it (docs/decisions.md ('Edits that never overwrite each other'): a reload keeps the typed draft).
   */
  rebase: (latest: T, kept: Partial<T>) => void
}

/**
 * A form's draft with its saved state, so that the kit's unsaved-draft guard knows when to ask.
 * Put it in a component that mounts with the loaded values (e.g. the dialog, or the page's form).
 */
export function useDraft<T>(initial: T): Draft<T> {
  const [state, setState] = useState({ saved: initial, value: initial })
  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      setState((current) => ({
        saved: current.saved,
        value: typeof next === 'function' ? (next as (value: T) => T)(current.value) : next,
      })),
    [],
  )
  const patch = useCallback(
    (fields: Partial<T>) => setState((current) => ({ saved: current.saved, value: { ...current.value, ...fields } })),
    [],
  )
  const reset = useCallback((next: T) => setState({ saved: next, value: next }), [])
  const rebase = useCallback(
    (latest: T, kept: Partial<T>) => setState({ saved: latest, value: { ...latest, ...kept } }),
    [],
  )
  const isDirty = useMemo(() => JSON.stringify(state.value) !== JSON.stringify(state.saved), [state])
  return { value: state.value, set, patch, isDirty, reset, saved: state.saved, rebase }
}
