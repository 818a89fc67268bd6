import { useId, useState, type FormEvent } from 'react'
import { returns as text } from '@shop/shared/messages/bs/returns.ts'
import { format } from '@shop/shared/messages/format.ts'
import { MAX_RETURN_PHOTOS, RETURN_REASONS, type ReturnReason } from '@shop/shared/rules/returns.ts'
import { returnRequestInput, type OrderReturnsView } from '@shop/shared/schemas/returns.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Field, Input, SelectField } from '../../../ui/field.tsx'
import { fileReturn, type OrderKey } from '../api/returns.ts'
import { checkReturnPhoto, PHOTO_ACCEPT } from '../return-photo.ts'
import './return-photos.css'

type ReturnFormProps = {
  order: OrderKey
  overview: OrderReturnsView
  now: number
  onFiled: () => void
  onCancel: () => void
}

type Errors = Partial<Record<'lines' | 'reason' | 'description' | 'photos', string>>

/**
 * The buyer's complaint (docs/decisions.md ('Complaints and returns')): how many of each line, a reason, a description and up to
 * three photos. A damaged or wrong delivery can no longer be chosen once its 7 days have passed.
 */
export function ReturnForm({ order, overview, now, onFiled, onCancel }: ReturnFormProps) {
  const [quantities, setQuantities] = useState<Record<string, string>>({})
  const [reason, setReason] = useState('')
  const [description, setDescription] = useState('')
  const [photos, setPhotos] = useState<ChosenPhoto[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)
  const photoInputId = useId()
  const isWrongDeliveryOpen = overview.wrongDeliveryUntil !== null && now <= Date.parse(overview.wrongDeliveryUntil)

  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])]
    const refused = chosen.map(checkReturnPhoto).find((message) => message !== null)
    if (refused) return setErrors({ ...errors, photos: refused })
    if (photos.length + chosen.length > MAX_RETURN_PHOTOS) return setErrors({ ...errors, photos: text.tooManyPhotos })
    setErrors({ ...errors, photos: undefined })
    // Data URLs, not object URLs: the shop's Content-Security-Policy allows images from 'self' and data: only.
    const added = await Promise.all(chosen.map(async (file) => ({ file, preview: await readAsDataUrl(file) })))
    setPhotos((current) => [...current, ...added].slice(0, MAX_RETURN_PHOTOS))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const lines = overview.lines
      .map((line) => ({ itemId: line.itemId, quantity: Number(quantities[line.itemId] || 0) }))
      .filter((line) => line.quantity !== 0)
    const checked = returnRequestInput.safeParse({ lines, reason: reason || undefined, description })
    const found: Errors = {}
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof Errors
        found[field] ??= issue.message
      }
    }
    for (const line of overview.lines) {
      const quantity = Number(quantities[line.itemId] || 0)
      if (quantity > line.available) {
        found.lines ??= format(text.quantityTooHigh, { name: nameOf(line), count: line.available })
      }
    }
    setErrors(found)
    setFailure(null)
    if (!checked.success || Object.keys(found).length > 0) return
    setIsSending(true)
    try {
      await fileReturn(order, { ...checked.data, photos: photos.map((photo) => photo.file) })
      onFiled()
    } catch (error) {
      setFailure(serverMessageOr(error, text.submitFailed))
      setIsSending(false)
    }
  }

  const reasonOptions = [
    { value: '', label: text.reasonChoose, disabled: true },
    ...RETURN_REASONS.map((value: ReturnReason) => ({
      value,
      label: text.reasons[value],
      disabled: !isWrongDeliveryOpen && (value === 'damaged' || value === 'wrong_product'),
    })),
  ]

  return (
    <form className="ui-stack return-form" noValidate onSubmit={(event) => void submit(event)} aria-label={text.title}>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <fieldset className="return-form__lines" aria-describedby={errors.lines ? 'return-lines-error' : undefined}>
        <legend className="return-form__legend">{text.linesLegend}</legend>
        {overview.lines.map((line) => (
          <Field
            key={line.itemId}
            className="return-form__line"
            label={format(text.lineQuantity, { name: nameOf(line) })}
            hint={
              line.available > 0
                ? format(text.lineAvailable, { ordered: line.ordered, available: line.available })
                : text.lineClaimedAll
            }
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={line.available}
                step={1}
                disabled={line.available === 0}
                value={quantities[line.itemId] ?? ''}
                placeholder="0"
                onChange={(event) => setQuantities({ ...quantities, [line.itemId]: event.target.value })}
              />
            )}
          </Field>
        ))}
        {errors.lines && (
          <p className="ui-field__error" id="return-lines-error" role="alert">
            {errors.lines}
          </p>
        )}
      </fieldset>

      <SelectField
        label={text.reasonLabel}
        value={reason}
        options={reasonOptions}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
        required
      />

      <Field label={text.descriptionLabel} hint={text.descriptionHint} error={errors.description} isRequired>
        {(control) => (
          <textarea
            {...control}
            className="ui-input"
            rows={4}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            aria-required="true"
          />
        )}
      </Field>

      <div className="ui-stack ui-stack--tight return-form__photo-field">
        <div className="ui-split return-form__photo-head">
          <span className="ui-field__label" id={`${photoInputId}-label`}>
            {text.photosLabel}
          </span>
          <label
            htmlFor={photoInputId}
            className="ui-button ui-button--secondary ui-button--sm return-form__pick"
            aria-disabled={photos.length >= MAX_RETURN_PHOTOS || undefined}
          >
            {text.photosAdd}
          </label>
          <input
            id={photoInputId}
            className="visually-hidden"
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            disabled={photos.length >= MAX_RETURN_PHOTOS}
            aria-labelledby={`${photoInputId}-label`}
            aria-describedby={errors.photos ? `${photoInputId}-error` : undefined}
            onChange={(event) => {
              void addPhotos(event.target.files)
              event.target.value = ''
            }}
          />
        </div>
        {errors.photos && (
          <p className="ui-field__error" id={`${photoInputId}-error`}>
            {errors.photos}
          </p>
        )}
        {photos.length > 0 && (
          <ul className="return-photos">
            {photos.map((photo, index) => (
              <li key={`${photo.file.name}-${index}`} className="return-form__photo">
                <img src={photo.preview} alt="" width={48} height={48} />
                <span className="return-form__photo-name">{photo.file.name}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={format(text.photoRemove, { name: photo.file.name })}
                  onClick={() => setPhotos(photos.filter((_, other) => other !== index))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="ui-actions ui-actions--end">
        <Button variant="secondary" onClick={onCancel} disabled={isSending}>
          {text.cancel}
        </Button>
        <Button type="submit" isLoading={isSending}>
          {text.submit}
        </Button>
      </div>
    </form>
  )
}

function nameOf(line: { name: string; size: string | null }): string {
  return line.size ? `${line.name} (${line.size})` : line.name
}

type ChosenPhoto = { file: File; preview: string }

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => resolve('')
    reader.readAsDataURL(file)
  })
}
