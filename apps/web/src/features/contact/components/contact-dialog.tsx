import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { contact } from '@shop/shared/messages/bs/contact.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { contactInput } from '@shop/shared/schemas/contact.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Button } from '../../../ui/button.tsx'
import { Dialog } from '../../../ui/dialog.tsx'
import { Field, TextField } from '../../../ui/field.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { sendContactMessage } from '../api/send-contact.ts'
import { fieldErrors, sendFailureMessage, type ContactErrors } from '../contact-errors.ts'

type ContactDialogProps = { open: boolean; productName?: string | undefined; onClose: () => void }

const EMPTY = { name: '', email: '', phone: '', message: '' }

/** customer-side.md §5 Contact form and §8 Contact: checked with the API's own schema, then sent. */
export function ContactDialog({ open, productName, onClose }: ContactDialogProps) {
  const toast = useToast()
  const formId = useId()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [isSending, whileSending] = useBusy()
  const form = useRef<HTMLFormElement>(null)

  function update(field: keyof typeof EMPTY, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    if (field !== 'phone' && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  /** A text field's name, value, error and change handler. */
  function field(name: keyof typeof EMPTY) {
    return {
      name,
      value: values[name],
      error: name === 'phone' ? undefined : errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.target.value),
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = contactInput.safeParse({ ...values, productName })
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      const firstInvalid = (['name', 'email', 'message'] as const).find((field) => found[field])
      if (firstInvalid) form.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    try {
      await whileSending(() => sendContactMessage({ ...values, productName }))
      toast.show(contact.sent, 'success')
      setValues(EMPTY)
      setErrors({})
      onClose()
    } catch (error) {
      toast.show(sendFailureMessage(error), 'error')
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={contact.title}
      closeLabel={shell.dialogClose}
      className="contact-dialog"
      footer={
        <Button type="submit" form={formId} isLoading={isSending} variant="accent">
          {isSending ? contact.sending : contact.send}
        </Button>
      }
    >
      {productName && <p className="contact-dialog__product">{format(contact.aboutProduct, { name: productName })}</p>}
      <form
        id={formId}
        ref={form}
        className="ui-stack contact-dialog__form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
      >
        <TextField label={contact.nameLabel} autoComplete="name" {...field('name')} />
        <TextField label={contact.emailLabel} type="email" autoComplete="email" {...field('email')} />
        <TextField label={contact.phoneLabel} type="tel" autoComplete="tel" placeholder="+387" {...field('phone')} />
        <Field label={contact.messageLabel} error={errors.message}>
          {(control) => (
            <textarea
              {...control}
              name="message"
              rows={5}
              className="ui-input contact-dialog__message"
              value={values.message}
              onChange={(event) => update('message', event.target.value)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  )
}
