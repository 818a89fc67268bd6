import { ReceiptIcon } from '../../../../ui/icons.tsx'
import { StaffPlaceholder } from '../../components/staff-placeholder.tsx'

// The staff page arrives with its own issue; until then the staff frame shows its heading.
export function AdminOrdersPage() {
  return <StaffPlaceholder page="orders" icon={ReceiptIcon} />
}
