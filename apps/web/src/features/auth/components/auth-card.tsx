import type { ReactNode } from 'react'
import './auth-card.css'

type AuthCardProps = {
  title: ReactNode
  text?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  /** Links under the card's content, e.g. back to sign-in. */
  footer?: ReactNode
}

/** The narrow card of the small account pages: verification, resend, forgot and reset password. */
export function AuthCard({ title, text, icon, children, footer }: AuthCardProps) {
  return (
    <div className="container page">
      <section className="auth-card ui-card" aria-labelledby="auth-card-title">
        {icon && <div className="auth-card__icon">{icon}</div>}
        <h1 id="auth-card-title" className="auth-card__title">
          {title}
        </h1>
        {text && <p className="auth-card__text">{text}</p>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </section>
    </div>
  )
}
