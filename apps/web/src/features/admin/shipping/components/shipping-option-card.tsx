import { admin } from '@shop/shared/messages/bs/admin.ts'
import { format } from '@shop/shared/messages/format.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { describeConditions, type OptionDraft } from '../shipping-draft.ts'

const text = admin.shipping

type ShippingOptionCardProps = {
  option: OptionDraft
  isDefault: boolean
  onEdit: () => void
  onDelete: () => void
}

/** One shipping option: name, price, description, state and conditions, with edit and delete. */
export function ShippingOptionCard({ option, isDefault, onEdit, onDelete }: ShippingOptionCardProps) {
  return (
    <li className="ui-card shipping-option" data-testid="shipping-option">
      <div className="shipping-option__head">
        <h3 className="shipping-option__name">{option.name}</h3>
        <span className="shipping-option__price">
          {option.basePrice > 0 ? formatPrice(option.basePrice) : text.free}
        </span>
      </div>
      <div className="shipping-option__badges">
        <Badge tone={option.isActive ? 'success' : 'neutral'}>{option.isActive ? text.active : text.inactive}</Badge>
        {isDefault && <Badge tone="primary">{text.isDefault}</Badge>}
      </div>
      {option.description && <p className="shipping-option__description">{option.description}</p>}
      <p className="shipping-option__conditions">{describeConditions(option).join(' · ')}</p>
      <div className="shipping-option__actions">
        <Button
          size="sm"
          variant="secondary"
          onClick={onEdit}
          aria-label={format(admin.staff.editNamed, { name: option.name })}
        >
          {admin.staff.edit}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          aria-label={format(admin.staff.deleteNamed, { name: option.name })}
        >
          {admin.staff.delete}
        </Button>
      </div>
    </li>
  )
}
