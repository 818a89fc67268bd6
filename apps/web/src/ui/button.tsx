import type { ButtonHTMLAttributes, Ref } from 'react'
import { classNames } from './class-names.ts'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'
import { Spinner } from './spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; isBlock?: boolean }

/** The button look for other elements too, e.g. a router link: <Link className={buttonClassName({ variant: 'accent' })}>. */
export function buttonClassName(
  { variant = 'primary', size = 'md', isBlock = false }: ButtonLook = {},
  extra?: string,
): string {
  return classNames(
    'ui-button',
    variant !== 'primary' && `ui-button--${variant}`,
    size !== 'md' && `ui-button--${size}`,
    isBlock && 'ui-button--block',
    extra,
  )
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonLook & {
    isLoading?: boolean
    ref?: Ref<HTMLButtonElement>
  }

/**
 * A busy button (isLoading) stays focusable and ignores presses (aria-disabled, not disabled): a keyboard user
 * whose focus is on 'Naručite' when a price check starts keeps it there (docs/decisions.md, 'Accessibility').
 */
export function Button({
  variant,
  size,
  isBlock,
  isLoading = false,
  className,
  type = 'button',
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const isBusy = isLoading && !disabled
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, isBlock }, className)}
      disabled={disabled}
      aria-disabled={isBusy || undefined}
      aria-busy={isLoading || undefined}
      // preventDefault also keeps a busy submit button from submitting its form.
      onClick={isBusy ? (event) => event.preventDefault() : onClick}
    >
      {isLoading && <Spinner size="1rem" decorative />}
      {children}
    </button>
  )
}

type StepButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  direction: 'previous' | 'next'
  /** The button's accessible name: it shows only an arrow. */
  label: string
  iconSize: number
}

/** The previous or next arrow of a slider or a gallery. */
export function StepButton({ direction, label, iconSize, ...rest }: StepButtonProps) {
  const Arrow = direction === 'previous' ? ChevronLeftIcon : ChevronRightIcon
  return (
    <button type="button" aria-label={label} {...rest}>
      <Arrow size={iconSize} />
    </button>
  )
}
