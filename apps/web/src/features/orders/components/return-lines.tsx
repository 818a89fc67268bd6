import type { BuyerReturnView } from '@shop/shared/schemas/returns.ts'

/** A complaint's lines: name, size and quantity claimed (the buyer's card and the staff page). */
export function ReturnLines({ lines, className }: { lines: BuyerReturnView['lines']; className: string }) {
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.itemId}>
          {line.name}
          {line.size ? ` (${line.size})` : ''} × {line.quantity}
        </li>
      ))}
    </ul>
  )
}
