import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'

type Option = { id: string; name: string }

/** A row of toggle buttons (one pressed at a time) with 'Sve' first; a group named by `label`. */
export function FilterChips({
  label,
  options,
  selected,
  onSelect,
  isSecondary = false,
}: {
  label: string
  options: readonly Option[]
  selected: string | null
  onSelect: (id: string | null) => void
  isSecondary?: boolean
}) {
  const chips: Array<{ id: string | null; name: string }> = [{ id: null, name: restaurant.page.all }, ...options]
  return (
    <div className={`menu-filter${isSecondary ? ' menu-filter--secondary' : ''}`} role="group" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip.id ?? 'all'}
          type="button"
          className="menu-filter__chip"
          aria-pressed={selected === chip.id}
          onClick={() => onSelect(chip.id)}
        >
          {chip.name}
        </button>
      ))}
    </div>
  )
}
