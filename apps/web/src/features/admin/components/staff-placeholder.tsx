import type { ComponentType } from 'react'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { EmptyState } from '../../../ui/empty-state.tsx'
import type { StaffPageKey } from '../staff-pages.ts'
import { StaffLayout } from './staff-layout.tsx'

/** A staff page whose content arrives with its own issue: the staff frame, its heading and a note. */
export function StaffPlaceholder({ page, icon: Icon }: { page: StaffPageKey; icon: ComponentType<{ size?: number }> }) {
  return (
    <StaffLayout title={shell.admin.pages[page].title}>
      <EmptyState icon={<Icon size={30} />} title={shell.admin.pages[page].text} text={shell.admin.note} />
    </StaffLayout>
  )
}
