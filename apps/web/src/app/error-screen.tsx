import { Component, type ErrorInfo, type ReactNode } from 'react'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { ApiError } from '../lib/api-client.ts'
import { Button } from '../ui/button.tsx'
import { AlertIcon } from '../ui/icons.tsx'

/**
 * The message the error screen shows. A failed call (ApiError) carries the server's or the
 * catalogue's words, written for people, so it is shown. Anything else is a fault in the page's own
 * code ('Cannot read properties of undefined ...', a chunk that failed to load): the shopper gets a
 * plain message and the technical one goes to the console (see ErrorBoundary).
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message
  return shell.errorScreenFault
}

/** customer-side.md §2: 'Oops! Something went wrong', the error's message and a 'Refresh Page' button. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className="ui-empty-state error-screen container">
      <div className="ui-empty-state__icon error-screen__icon">
        <AlertIcon size={30} />
      </div>
      <h1 className="ui-empty-state__title">{common.errorTitle}</h1>
      <p className="error-screen__message">{describeError(error)}</p>
      <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
        {common.refreshPage}
      </Button>
    </section>
  )
}

type BoundaryState = { error: unknown; hasError: boolean }

/**
 * Shows the error screen instead of whatever failed below it. Around the page inside the frame
 * (keyed by the path, so that leaving the page clears the error) and, as the last net, around the
 * providers and the router.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, hasError: false }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true }
  }

  /** The technical message and where it happened, for whoever reads the console. */
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // eslint-disable-next-line no-console -- the one place the technical message is kept (docs/decisions.md, 'Walk-through fixes')
    console.error('[error-screen]', error, info.componentStack)
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
