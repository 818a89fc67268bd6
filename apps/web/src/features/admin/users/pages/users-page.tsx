import { UsersIcon } from '../../../../ui/icons.tsx'
import { StaffPlaceholder } from '../../components/staff-placeholder.tsx'

// The staff page arrives with its own issue; until then the staff frame shows its heading.
export function AdminUsersPage() {
  return <StaffPlaceholder page="users" icon={UsersIcon} />
}
