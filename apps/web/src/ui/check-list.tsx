import { CheckCircleIcon } from './icons.tsx'

/** A list whose every item is ticked: reasons, services, benefits. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          <CheckCircleIcon size={20} />
          {item}
        </li>
      ))}
    </ul>
  )
}
