import { ChartIcon } from '../../../../ui/icons.tsx'
import { StaffPlaceholder } from '../../components/staff-placeholder.tsx'

// The staff page arrives with its own issue; until then the staff frame shows its heading.
export function AdminStatisticsPage() {
  return <StaffPlaceholder page="statistics" icon={ChartIcon} />
}
