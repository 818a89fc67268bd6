import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { formatPrice } from '../../../../ui/format-price.ts'
import { CardActions } from '../../kit/staff-list.tsx'
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
      <div className="ui-split ui-split--baseline">
        <h3 className="shipping-option__name">{option.name}</h3>
        <span className="shipping-option__price">
          {option.pricedByWeight
            ? text.pricedByWeightShort
            : option.basePrice > 0
              ? formatPrice(option.basePrice)
              : text.free}
        </span>
      </div>
      <div className="shipping-option__badges">
        <Badge tone={option.isActive ? 'success' : 'neutral'}>{option.isActive ? text.active : text.inactive}</Badge>
        {isDefault && <Badge tone="primary">{text.isDefault}</Badge>}
      </div>
      {option.description && <p className="ui-note">{option.description}</p>}
      <p className="ui-note">{describeConditions(option).join(' · ')}</p>
      <CardActions name={option.name} onEdit={onEdit} onDelete={onDelete} />
    </li>
  )
}
