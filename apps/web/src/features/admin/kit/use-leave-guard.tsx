import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { UnsavedChangesDialog } from './confirm-dialog.tsx'

/** The in-app address of a plain left click on a same-origin link, or null for anything else. */
export function inAppTarget(event: MouseEvent, origin: string, here: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const target = event.target
  const anchor = target instanceof Element ? target.closest('a[href]') : null
  if (!(anchor instanceof HTMLAnchorElement)) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  const url = new URL(anchor.href, origin)
  if (url.origin !== origin) return null
  const to = `${url.pathname}${url.search}${url.hash}`
  return to === here ? null : to
}

/**
 * The unsaved-draft guard (docs/decisions.md, Walk-through fixes). While `isDirty`:
 * - closing or reloading the tab asks through the browser's own 'leave site?' (beforeunload);
 * - a click on any in-app link (staff menu, header, back link) is held in the capture phase, before
 *   React Router's <Link> sees it, and an accessible dialog asks first; 'leave' then navigates.
 * The app uses the declarative <BrowserRouter>, where useBlocker does not exist, so links are
 * intercepted at the document instead. The browser's back button is not held (DECISIONS).
 * Render the returned element in the page.
 */
export function useLeaveGuard(isDirty: boolean): ReactNode {
  const navigate = useNavigate()
  const [pendingTo, setPendingTo] = useState<string | null>(null)

  useEffect(() => {
    if (!isDirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
      const to = inAppTarget(event, window.location.origin, here)
      if (to === null) return
      event.preventDefault()
      // One guard asks, even when a page and its open dialog both hold a draft.
      event.stopImmediatePropagation()
      setPendingTo(to)
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
    }
  }, [isDirty])

  if (pendingTo === null) return null
  return (
    <UnsavedChangesDialog
      kind="leave"
      onAnswer={(leave) => {
        setPendingTo(null)
        if (leave) void navigate(pendingTo)
      }}
    />
  )
}
