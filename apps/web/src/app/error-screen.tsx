import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { Button } from '../ui/button.tsx'
import { AlertIcon } from '../ui/icons.tsx'

export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
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

/** Errors of a page (a failed render, a lazy page whose file could not load) inside the frame. */
export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />
}

type BoundaryState = { error: unknown; hasError: boolean }

/** The last net, around the providers and the router: whatever escapes them still gets the screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, hasError: false }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true }
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
