import type { CSSProperties } from 'react'

type SpinnerProps = {
  /** What is loading, for screen readers; a decorative spinner sits beside visible text instead. */
  label?: string
  size?: string
  decorative?: boolean
}

export function Spinner({ label, size, decorative = false }: SpinnerProps) {
  const style = size ? ({ '--spinner-size': size } as CSSProperties) : undefined
  if (decorative || !label) return <span className="ui-spinner" style={style} aria-hidden="true" />
  return (
    <span role="status">
      <span className="ui-spinner" style={style} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** A block-level placeholder while a page or section loads. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="ui-loading" role="status" aria-live="polite">
      <span className="ui-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
