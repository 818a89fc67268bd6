import { useState } from 'react'

type QuantityInputProps = {
  id: string
  label: string
  quantity: number
  /** Called on blur or Enter with the typed number; NaN when the field holds no number. The box then shows
   *  the `quantity` it is given next, so a refused change falls back to what is really in the cart. */
  onCommit: (quantity: number) => void
  describedBy?: string
}

/** The quantity field (minimum 0): on blur 0 removes the line, 1 or more updates it (customer-side.md §5). */
export function QuantityInput({ id, label, quantity, onCommit, describedBy }: QuantityInputProps) {
  const [draft, setDraft] = useState(String(quantity))
  const [shown, setShown] = useState(quantity)
  if (shown !== quantity) {
    setShown(quantity)
    setDraft(String(quantity))
  }

  function commit() {
    const typed = draft.trim() === '' ? Number.NaN : Number(draft)
    if (typed === quantity) return
    // The box shows what is in the cart: an accepted change comes back as a new `quantity` prop and
    // replaces this draft on the next render; a refused one (more than the stock, not a number)
    // leaves the cart as it was, so the box must fall back to it too (docs/decisions.md, Walk-through fixes).
    setDraft(String(quantity))
    onCommit(typed)
  }

  return (
    <input
      id={id}
      className="ui-input cart-line__quantity-input"
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      value={draft}
      aria-label={label}
      aria-describedby={describedBy}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
      }}
    />
  )
}
