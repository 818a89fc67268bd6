import { useId, useState, type FormEvent } from 'react'
import { stockAlerts as text } from '@shop/shared/messages/bs/stock-alerts.ts'
import { isEmail } from '@shop/shared/rules/email.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { EmailInput, Field, Select } from '../../../ui/field.tsx'
import { MailIcon } from '../../../ui/icons.tsx'
import type { Product } from '../api/catalogue.ts'
import { requestStockAlert } from '../api/stock-alerts.ts'
import { optionsToAlert } from '../stock-alert-target.ts'

type StockAlertFormProps = {
  product: Product
  /** The signed-in customer's address, filled in for her. */
  email: string | null
}

/**
 * 'Obavijesti me kad stigne' (docs/decisions.md ('Back-in-stock alerts')): an e-mail (and, for a product with options, which
 * option) for one mail when the stock is back. A guest confirms by mail; the server decides the rest.
 */
export function StockAlertForm({ product, email: ownEmail }: StockAlertFormProps) {
  const headingId = useId()
  const options = optionsToAlert(product)
  const [errors, setErrors] = useState<{ option?: string; email?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [isSending, whileSending] = useBusy()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Read from the form, not from state: the form arrives rendered by the server and hydrates after its own chunk
    // loads, so what a shopper typed before that is in the fields and nowhere else.
    const fields = new FormData(event.currentTarget)
    const textOf = (name: string) => {
      const value = fields.get(name)
      return typeof value === 'string' ? value : ''
    }
    const option = textOf('option')
    const email = textOf('email')
    const found: { option?: string; email?: string } = {}
    if (product.has_sizes && !option) found.option = text.optionRequired
    if (!email.trim()) found.email = text.emailRequired
    else if (!isEmail(email)) found.email = text.emailInvalid
    setErrors(found)
    setFailure(null)
    if (found.option || found.email) return
    try {
      const answer = await whileSending(() =>
        requestStockAlert({
          productId: product.id,
          ...(product.has_sizes ? { optionCode: option } : {}),
          email: email.trim(),
        }),
      )
      setDone(answer.message)
    } catch (error) {
      setFailure(serverMessageOr(error, text.failed))
    }
  }

  return (
    <section className="stock-alert" aria-labelledby={headingId}>
      <h2 id={headingId} className="stock-alert__heading">
        <MailIcon size={20} />
        {text.heading}
      </h2>
      {done ? (
        <Alert tone="success">{done}</Alert>
      ) : (
        <form className="stock-alert__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <p className="ui-note">{product.has_sizes ? text.introOption : text.intro}</p>
          <div className="stock-alert__fields">
            {product.has_sizes && (
              <Field label={text.optionLabel} error={errors.option} className="stock-alert__option">
                {(control) => (
                  <Select
                    {...control}
                    name="option"
                    defaultValue={options.length === 1 ? options[0] : ''}
                    aria-required
                    options={[
                      ...(options.length > 1 ? [{ value: '', label: text.optionPlaceholder }] : []),
                      ...options.map((size) => ({ value: size, label: size })),
                    ]}
                  />
                )}
              </Field>
            )}
            <Field label={text.emailLabel} error={errors.email} className="stock-alert__email">
              {(control) => (
                <EmailInput {...control} name="email" defaultValue={ownEmail ?? ''} aria-required maxLength={254} />
              )}
            </Field>
          </div>
          <Button type="submit" isLoading={isSending} className="stock-alert__submit">
            {isSending ? text.submitting : text.submit}
          </Button>
          {failure && <Alert tone="danger">{failure}</Alert>}
          <p className="ui-note stock-alert__privacy">{text.privacy}</p>
        </form>
      )}
    </section>
  )
}
