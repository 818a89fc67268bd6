import { Component, type ReactNode } from 'react'
import { common } from '@shop/shared/messages/bs/common.ts'
import { Button } from '../ui/button.tsx'
import { AlertIcon } from '../ui/icons.tsx'

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return common.unexpected
}

/** customer-side.md §2: 'Oops! Something went wrong', the error's message and a 'Refresh Page' button. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className="error-screen container">
      <div className="error-screen__icon">
        <AlertIcon size={30} />
      </div>
      <h1>{common.errorTitle}</h1>
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

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
