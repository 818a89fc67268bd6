import { BrowserRouter } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { ToastProvider } from '../ui/toast.tsx'
import { ErrorBoundary } from './error-screen.tsx'
import { AppRoutes } from './router.tsx'
import { SessionProvider } from './session/session-provider.tsx'

export function App() {
  return (
    <ErrorBoundary>
      <SessionProvider>
        <ToastProvider closeLabel={shell.toastClose}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </SessionProvider>
    </ErrorBoundary>
  )
}
