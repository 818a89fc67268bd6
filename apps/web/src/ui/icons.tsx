import type { SVGProps } from 'react'

// Line icons drawn on a 24 px grid (stroke 2), sized by the `size` prop; decorative unless labelled.
type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function Icon({ size = 20, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    />
  )
}

/**
 * An icon drawn by the given shapes, written as the markup React would write for them (`<circle …></circle>`,
 * constants of this file): one piece for the server render instead of an element per shape (docs/decisions.md,
 * 'A render that costs little'); the browser draws the same.
 */
function drawnIcon(...shapes: string[]) {
  const drawing = { __html: shapes.join('') }
  return (props: Omit<IconProps, 'children'>) => <Icon {...props} dangerouslySetInnerHTML={drawing} />
}

/** An icon drawn by paths alone, each given by its `d`. */
function pathIcon(...paths: string[]) {
  return drawnIcon(...paths.map((path) => `<path d="${path}"></path>`))
}

export const CartIcon = drawnIcon(
  '<circle cx="9" cy="20" r="1.4"></circle>',
  '<circle cx="18" cy="20" r="1.4"></circle>',
  '<path d="M2.5 3h2.6l2.4 11.2a1.8 1.8 0 0 0 1.8 1.4h8.6a1.8 1.8 0 0 0 1.8-1.4L21.5 7H6"></path>',
)

export const MenuIcon = pathIcon('M4 7h16M4 12h16M4 17h16')

export const CloseIcon = pathIcon('M6 6l12 12M18 6 6 18')

export const UserIcon = drawnIcon(
  '<circle cx="12" cy="8" r="4"></circle>',
  '<path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"></path>',
)

export const LogOutIcon = pathIcon('M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10')

export const ShieldIcon = pathIcon('M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z', 'm9 12 2 2 4-4')

export const PhoneIcon = pathIcon(
  'M5 3h3.2l1.6 4.2-2 1.3a11 11 0 0 0 7.7 7.7l1.3-2L21 15.8V19a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
)

export const MailIcon = drawnIcon(
  '<rect x="3" y="5" width="18" height="14" rx="2"></rect>',
  '<path d="m3.5 6.5 8.5 6.5 8.5-6.5"></path>',
)

export const MapPinIcon = drawnIcon(
  '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"></path>',
  '<circle cx="12" cy="9.5" r="2.5"></circle>',
)

export const ClockIcon = drawnIcon('<circle cx="12" cy="12" r="9"></circle>', '<path d="M12 7v5l3 2"></path>')

export const StoreIcon = pathIcon(
  'M3.5 9.5 5 4h14l1.5 5.5',
  'M3.5 9.5a2.8 2.8 0 0 0 5.6 0 2.8 2.8 0 0 0 5.8 0 2.8 2.8 0 0 0 5.6 0',
  'M5 12.5V20h14v-7.5M10 20v-4.5h4V20',
)

export const UtensilsIcon = pathIcon('M6 3v7a2 2 0 0 0 2 2h0a2 2 0 0 0 2-2V3M8 12v9M16.5 21V3c-2 1.2-3 3.6-3 6.5V13h3')

export const TruckIcon = drawnIcon(
  '<path d="M2.5 6h11v10h-11zM13.5 9.5h4l3 3.5V16h-7"></path>',
  '<circle cx="6.5" cy="17.5" r="1.8"></circle>',
  '<circle cx="17" cy="17.5" r="1.8"></circle>',
)

export const BoxesIcon = pathIcon('M3 13h8v8H3zM13 13h8v8h-8zM8 3h8v8H8z')

export const WalletIcon = pathIcon(
  'M4 7.5V18a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-3M4 7.5A2.5 2.5 0 0 1 6.5 5H17v2.5',
  'M4 7.5h15a1 1 0 0 1 1 1V16h-4a2.5 2.5 0 0 1 0-5h4',
)

export const ReceiptIcon = pathIcon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3')

/** A parcel going back (complaints and returns). */
export const ReturnIcon = pathIcon('M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11')

export const HeartIcon = pathIcon(
  'M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
)

export const ArrowRightIcon = pathIcon('M5 12h14M13 6l6 6-6 6')

export const AlertIcon = drawnIcon(
  '<circle cx="12" cy="12" r="9"></circle>',
  '<path d="M12 7.5v5.5M12 16.5v.01"></path>',
)

export const CheckCircleIcon = drawnIcon(
  '<circle cx="12" cy="12" r="9"></circle>',
  '<path d="m8 12.5 2.8 2.8L16 10"></path>',
)

export const CompassIcon = drawnIcon(
  '<circle cx="12" cy="12" r="9"></circle>',
  '<path d="m15.5 8.5-2 5-5 2 2-5z"></path>',
)

export const ToolIcon = pathIcon(
  'M14.5 6.5a4 4 0 0 0 5 5L21 13l-8 8-3-3 8-8M14.5 6.5 13 5a4 4 0 0 0-5.5 5.5l-4 4L6 17l4-4',
)

export const SettingsIcon = drawnIcon(
  '<circle cx="12" cy="12" r="3"></circle>',
  '<path d="M12 2.5v3M12 18.5v3M4.5 4.5l2.1 2.1M17.4 17.4l2.1 2.1M2.5 12h3M18.5 12h3M4.5 19.5l2.1-2.1M17.4 6.6l2.1-2.1"></path>',
)

export const ChartIcon = pathIcon('M4 20V10M10 20V4M16 20v-7M22 20H2')

export const ImageIcon = drawnIcon(
  '<rect x="3" y="4" width="18" height="16" rx="2"></rect>',
  '<circle cx="9" cy="9.5" r="1.8"></circle>',
  '<path d="m21 16-5.5-5.5L5 20"></path>',
)

export const TagIcon = drawnIcon(
  '<path d="M3 12V4h8l10 10-8 8z"></path>',
  '<circle cx="7.5" cy="8.5" r="1.3"></circle>',
)

export const UsersIcon = drawnIcon(
  '<circle cx="9" cy="8" r="3.5"></circle>',
  '<path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14.3c1.9.8 3 2.9 3 5.7"></path>',
)

export const ListIcon = pathIcon('M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01')

export const FacebookIcon = ({ size = 20, ...rest }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="currentColor"
    aria-hidden="true"
    focusable="false"
    {...rest}
  >
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z" />
  </svg>
)

export const InstagramIcon = drawnIcon(
  '<rect x="3.5" y="3.5" width="17" height="17" rx="5"></rect>',
  '<circle cx="12" cy="12" r="4"></circle>',
  '<path d="M17.2 6.8v.01"></path>',
)

export const SearchIcon = drawnIcon('<circle cx="11" cy="11" r="7"></circle>', '<path d="m20 20-3.5-3.5"></path>')

export const ChevronLeftIcon = pathIcon('m15 5-7 7 7 7')

export const ChevronRightIcon = pathIcon('m9 5 7 7-7 7')

export const DownloadIcon = pathIcon('M12 4v11M7 10.5l5 5 5-5M5 20h14')

// Staff dashboard: every tile its own icon (docs/decisions.md, Walk-through fixes).
export const PercentIcon = drawnIcon(
  '<path d="M19 5 5 19"></path>',
  '<circle cx="7" cy="7" r="2.5"></circle>',
  '<circle cx="17" cy="17" r="2.5"></circle>',
)

export const LayersIcon = pathIcon('m12 3 9 5-9 5-9-5 9-5Z', 'm3 13 9 5 9-5')

export const FileTextIcon = pathIcon(
  'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z',
  'M14 3v5h5M9 13h6M9 17h6',
)
