import { useState } from 'react'

/**
 * Which item the page's add/edit dialog is open for: `open(null)` adds, `open(item)` edits,
 * `close()` closes, `saved()` closes and calls `afterSave` (e.g. the list's reload).
 */
export function useEditing<T>(afterSave: () => void) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null)
  return {
    editing,
    open: (item: T | null) => setEditing({ item }),
    close: () => setEditing(null),
    saved: () => {
      setEditing(null)
      afterSave()
    },
  }
}
