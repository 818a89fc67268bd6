import type { ComponentType } from 'react'

/**
 * The 'Kontaktirajte nas' button of the store and product pages. It belongs to the contact feature;
 * features do not import each other (STYLE §1), so the router hands it to the pages.
 */
export type ContactAction = ComponentType<{ productName?: string; isFloating?: boolean }>
