import { RouterProvider } from 'react-router/dom'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { ToastProvider } from '../ui/toast.tsx'
import { AppErrorBoundary } from './error-screen.tsx'
import { router } from './router.tsx'
import { SessionProvider } from './session/session-provider.tsx'

export function App() {
  return (
    <AppErrorBoundary>
      <SessionProvider>
        <ToastProvider closeLabel={shell.toastClose}>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </AppErrorBoundary>
  )
}
