import { useState, type ChangeEvent, type FormEvent } from 'react'
import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { reorder as text } from '@shop/shared/messages/bs/reorder.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import type { QuickOrderLineView, QuickOrderView } from '@shop/shared/schemas/quick-order.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { addLinesToCart } from '../../../lib/cart-storage.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Badge } from '../../../ui/badge.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { Field } from '../../../ui/field.tsx'
import { formatPrice } from '../../../ui/format-price.ts'
import { checkQuickOrder } from '../api/quick-order.ts'
import './quick-order-page.css'

const MAX_FILE_BYTES = 100_000

type Added = { count: number } | null

function stockText(line: QuickOrderLineView): string {
  const stock = line.product?.availableStock
  if (stock === undefined) return '–'
  return stock === null ? text.unlimitedStock : String(stock)
}

/**
 * /veleprodaja/brza-narudzba (docs/decisions.md ('Reorder, quick order and postcodes'), 'Quick order'): a wholesale buyer pastes codes
 * and quantities or loads a CSV, sees each line checked, and puts every good line into the cart at once.
 */
export function QuickOrderPage() {
  usePageTitle(text.quickOrderTitle)
  const { user } = useSession()
  const [input, setInput] = useState('')
  const [inputError, setInputError] = useState<string | null>(null)
  const [result, setResult] = useState<QuickOrderView | null>(null)
  const [isChecking, whileChecking] = useBusy()
  const [added, setAdded] = useState<Added>(null)

  async function check(event: FormEvent) {
    event.preventDefault()
    if (isChecking) return
    setInputError(null)
    setAdded(null)
    try {
      setResult(await whileChecking(() => checkQuickOrder(input)))
    } catch (error) {
      setResult(null)
      setInputError(serverMessageOr(error, text.checkFailed))
    }
  }

  async function loadFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      setInputError(text.fileTooLarge)
      return
    }
    try {
      setInput(await file.text())
      setInputError(null)
      setResult(null)
    } catch {
      setInputError(text.fileUnreadable)
    }
  }

  const readyLines = (result?.lines ?? []).filter((line) => line.status === 'ok' && line.product)

  function addAll() {
    const isStored = addLinesToCart(
      readyLines.flatMap((line) =>
        line.product
          ? [
              {
                productId: line.product.productId,
                name: line.product.name,
                price: line.product.price,
                image: line.product.image,
                size: line.product.size,
                quantity: line.quantity,
              },
            ]
          : [],
      ),
    )
    setAdded(isStored ? { count: readyLines.length } : null)
    if (!isStored) setInputError(text.checkFailed)
  }

  return (
    <div className="container page quick-order">
      <header className="quick-order__header">
        <p className="quick-order__eyebrow">
          <Link to="/veleprodaja">{shell.nav.wholesale}</Link>
        </p>
        <h1>{text.quickOrderTitle}</h1>
        <p>{text.quickOrderIntro}</p>
        {!canSeeWholesalePrices(user?.roles) && <Alert tone="info">{text.quickOrderRetailNote}</Alert>}
      </header>

      <form className="ui-card ui-card--stack" onSubmit={(event) => void check(event)} noValidate>
        <Field label={text.linesLabel} error={inputError}>
          {(control) => (
            <textarea
              {...control}
              className="ui-input quick-order__lines"
              rows={10}
              spellCheck={false}
              autoCapitalize="none"
              placeholder={'ABC-123;10\nXYZ-9 4'}
              value={input}
              onChange={(event) => setInput(event.target.value)}
            />
          )}
        </Field>
        <Field label={text.fileLabel}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="quick-order__file"
              onChange={(event) => void loadFile(event)}
            />
          )}
        </Field>
        <div className="quick-order__actions">
          <Button type="submit" isLoading={isChecking}>
            {isChecking ? text.checking : text.check}
          </Button>
        </div>
      </form>

      {result && (
        <section className="ui-card ui-card--stack quick-order__results" aria-labelledby="quick-order-results">
          <h2 id="quick-order-results">{text.resultsTitle}</h2>
          <p role="status">
            {format(text.resultsSummary, {
              ok: result.okCount,
              total: result.lines.length + result.errors.length,
              problems: result.problemCount,
            })}
          </p>
          {result.errors.length > 0 && (
            <Alert tone="danger">
              <ul className="quick-order__errors">
                {result.errors.map((error) => (
                  <li key={error.lineNumber}>{error.message}</li>
                ))}
              </ul>
            </Alert>
          )}
          <table className="ui-table quick-order__table">
            <thead>
              <tr>
                <th scope="col">{text.columnLine}</th>
                <th scope="col">{text.columnCode}</th>
                <th scope="col">{text.columnProduct}</th>
                <th scope="col">{text.columnQuantity}</th>
                <th scope="col">{text.columnPrice}</th>
                <th scope="col">{text.columnStock}</th>
                <th scope="col">{text.columnStatus}</th>
              </tr>
            </thead>
            <tbody>
              {result.lines.map((line) => (
                <tr key={line.code} className={line.status === 'ok' ? undefined : 'quick-order__problem'}>
                  <td data-label={text.columnLine}>{line.lineNumbers.join(', ')}</td>
                  <td data-label={text.columnCode} className="quick-order__code">
                    {line.code}
                  </td>
                  <td data-label={text.columnProduct}>
                    {line.product ? `${line.product.name}${line.product.size ? ` (${line.product.size})` : ''}` : '–'}
                  </td>
                  <td data-label={text.columnQuantity} className="quick-order__number">
                    {line.quantity}
                  </td>
                  <td data-label={text.columnPrice} className="quick-order__number">
                    {line.product ? formatPrice(line.product.price) : '–'}
                  </td>
                  <td data-label={text.columnStock} className="quick-order__number">
                    {stockText(line)}
                  </td>
                  <td data-label={text.columnStatus}>
                    {line.message ? (
                      <Badge tone="danger">{line.message}</Badge>
                    ) : (
                      <Badge tone="success">{text.statusOk}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="quick-order__actions">
            {added ? (
              <>
                <Alert tone="success" className="quick-order__added">
                  {format(text.addedToCart, { count: added.count })}
                </Alert>
                <Link to="/cart" className={buttonClassName({ variant: 'primary' })}>
                  {text.goToCart}
                </Link>
              </>
            ) : readyLines.length > 0 ? (
              <Button variant="accent" onClick={addAll}>
                {format(text.addAll, { count: readyLines.length })}
              </Button>
            ) : (
              <p>{text.nothingToAdd}</p>
            )}
          </div>
        </section>
      )}
    </div>
  )
}
