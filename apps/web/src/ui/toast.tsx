import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { classNames } from './class-names.ts'
import { CloseIcon } from './icons.tsx'

/** customer-side.md §8 and staff-and-content.md §9: toasts sit bottom-right and close after 5000 ms. */
export const TOAST_DURATION_MS = 5000

export type ToastTone = 'info' | 'success' | 'error'
type Toast = { id: number; message: string; tone: ToastTone }
type ToastApi = { show: (message: string, tone?: ToastTone) => void; dismiss: (id: number) => void }

const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ closeLabel, children }: { closeLabel: string; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      const id = nextId.current++
      setToasts((current) => [...current, { id, message, tone }])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      )
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
    }
  }, [])

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss])

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always in the document, so that screen readers watch the live region before a toast arrives. */}
      <div className="ui-toasts" role="status" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <div key={toast.id} className={classNames('ui-toast', `ui-toast--${toast.tone}`)}>
            <p className="ui-toast__message">{toast.message}</p>
            <button type="button" className="ui-icon-button" onClick={() => dismiss(toast.id)} aria-label={closeLabel}>
              <CloseIcon size={18} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}
