// Shop-wide settings objects (the `settings` table) and the default work hours.

/** DEMO: the shipping options a new shop starts with; staff change them on /admin/shipping. */
export function shippingSettings(now: string) {
  return {
    id: 'default',
    freeShippingThreshold: 300,
    basePrice: 10,
    pricePerItem: 2,
    defaultOptionId: 'courier',
    options: [
      {
        id: 'courier',
        name: 'Dostava kurirskom službom',
        description: 'Isporuka na adresu u roku 2-7 radnih dana',
        basePrice: 10,
        isActive: true,
        conditions: { regions: [], minOrderValue: null, maxOrderValue: null },
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'express',
        name: 'Brza dostava',
        description: 'Isporuka na adresu u roku 1-2 radna dana',
        basePrice: 20,
        isActive: true,
        // DECISIONS: the free-shipping threshold applies to the standard options, not to express.
        appliesFreeShipping: false,
        conditions: { regions: [], minOrderValue: null, maxOrderValue: null },
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'pickup',
        name: 'Osobno preuzimanje',
        description: 'Preuzimanje u trgovini u Sovićima: Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno',
        basePrice: 0,
        isActive: true,
        conditions: { regions: [], minOrderValue: null, maxOrderValue: null },
        createdAt: now,
        updatedAt: now,
      },
    ],
  }
}

export type ShippingSettings = ReturnType<typeof shippingSettings>

/**
 * DEMO VALUES (DECISIONS.md: company contact details the specification does not give are demo
 * values in one settings object). Street, phones, e-mails, social links and the map are
 * placeholders to be replaced by the real company's details before the shop goes live. The
 * periods (returns 15 days, wrong delivery 7, refund 30, delivery 2-7 working days) are the
 * legal pages' values.
 */
export const COMPANY_SETTINGS = {
  name: 'Trgovina Sovići',
  legalName: 'Trgovina Sovići d.o.o. (demo)',
  foundedYear: 2000,
  address: 'Sovići bb',
  city: '88340 Grude',
  country: 'Bosna i Hercegovina',
  phone: '+387 39 000 000',
  fax: '+387 39 000 001',
  email: 'info@trgovina-demo.ba',
  wholesaleEmail: 'veleprodaja@trgovina-demo.ba',
  reservationPhone: '+387 39 000 002',
  whatsapp: '+387 63 000 000',
  mapUrl: 'https://www.openstreetmap.org/?mlat=43.37&mlon=17.38#map=14/43.37/17.38',
  social: {
    facebook: 'https://facebook.com/trgovina.sovici.demo',
    instagram: 'https://instagram.com/trgovina.sovici.demo',
  },
  marketplaceUrl: 'https://www.olx.ba/profil/trgovina-sovici-demo',
  returnDays: 15,
  wrongDeliveryDays: 7,
  refundDays: 30,
  deliveryWorkingDays: '2-7',
  taxRefundAbove: 100,
  dataRequestDays: 30,
}

/** staff-and-content.md §9 default work hours, in the shop's language. */
export const WORK_HOURS = [
  { section: 'store', hours: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno' },
  { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00, Ned zatvoreno' },
  { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30, vikend zatvoreno' },
] as const
