import { lazy, Suspense, useState } from 'react'
import { contact } from '@shop/shared/messages/bs/contact.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { classNames } from '../../../ui/class-names.ts'
import { MailIcon } from '../../../ui/icons.tsx'
import './contact.css'

// The form and its schema (zod) load on the first click: they stay out of the store's first load.
const ContactDialog = lazy(async () => ({ default: (await import('./contact-dialog.tsx')).ContactDialog }))

type ContactButtonProps = {
  /** The product asked about; the message then carries its name (customer-side.md §5). */
  productName?: string
  /** The store's floating button (customer-side.md §2 Store page) instead of an inline one. */
  isFloating?: boolean
}

/** 'Kontaktirajte nas': opens the contact form in a modal. */
export function ContactButton({ productName, isFloating = false }: ContactButtonProps) {
  const [isOpen, setIsOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  return (
    <>
      <button
        type="button"
        className={
          isFloating ? 'contact-fab' : buttonClassName({ variant: 'secondary', size: 'lg' }, 'contact-inline-button')
        }
        aria-haspopup="dialog"
        aria-label={isFloating ? contact.button : undefined}
        onClick={() => {
          setHasOpened(true)
          setIsOpen(true)
        }}
      >
        <MailIcon size={isFloating ? 22 : 20} />
        <span className={classNames(isFloating && 'contact-fab__label')}>{contact.button}</span>
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <ContactDialog open={isOpen} productName={productName} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
