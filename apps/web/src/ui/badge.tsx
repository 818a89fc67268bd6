import type { HTMLAttributes } from 'react'
import { classNames } from './class-names.ts'

export type BadgeTone = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger'

type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span {...rest} className={classNames('ui-badge', tone !== 'neutral' && `ui-badge--${tone}`, className)} />
}
