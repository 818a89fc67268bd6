import { describe, expect, it } from 'vitest'
import { describeAuditEntry, type AuditSentenceEntry } from './audit-sentence.ts'
import { itReturns } from './test-support.ts'

const ORDER = '3f2a9c1e-0000-4000-8000-000000000001'
const PRODUCT = '7b1c2d3e-0000-4000-8000-000000000002'
const entry = (fields: Partial<AuditSentenceEntry> & Pick<AuditSentenceEntry, 'action'>): AuditSentenceEntry => ({
  actor_email: 'admin@demo.ba',
  entity: 'product',
  entity_id: null,
  before: null,
  after: null,
  ...fields,
})
/** An entry about the order ORDER. */
const orderEntry = (action: string, fields: Partial<AuditSentenceEntry> = {}): AuditSentenceEntry =>
  entry({ action, entity: 'order', entity_id: ORDER, ...fields })

describe('describeAuditEntry (docs/decisions.md System logs: entries read as sentences)', () => {
  it.each<[string, AuditSentenceEntry, string]>([
    ['create', entry({ action: 'create', after: { name: 'Kosilica' } }), 'admin@demo.ba je dodao proizvod „Kosilica”.'],
    [
      'update',
      entry({
        action: 'update',
        entity: 'category',
        before: { name: 'Alati', sort: 1 },
        after: { name: 'Alati', sort: 2 },
      }),
      'admin@demo.ba je izmijenio kategoriju „Alati”: sort: 1 → 2.',
    ],
    [
      'update of settings',
      entry({ action: 'update', entity: 'settings', entity_id: 'shipping', before: { fee: 12 }, after: { fee: 10 } }),
      'admin@demo.ba je izmijenio postavke dostave: fee: 12 → 10.',
    ],
    [
      'delete',
      entry({ action: 'delete', entity: 'brand', before: { name: 'Bosch' } }),
      'admin@demo.ba je obrisao brend „Bosch”.',
    ],
    [
      'delete of an order',
      orderEntry('delete', { before: { status: 'pending' } }),
      'admin@demo.ba je obrisao narudžbu #3f2a9c1e.',
    ],
    [
      'create of an image',
      entry({ action: 'create', entity: 'image', after: { url: '/uploads/a.webp' } }),
      'admin@demo.ba je učitao sliku /uploads/a.webp.',
    ],
    [
      'create of an account',
      entry({ action: 'create', entity: 'user', after: { email: 'novi@demo.ba' } }),
      'admin@demo.ba je napravio račun novi@demo.ba.',
    ],
    [
      'order.status',
      orderEntry('order.status', { before: { status: 'pending' }, after: { status: 'shipped' } }),
      'admin@demo.ba je narudžbi #3f2a9c1e promijenio status iz „Na čekanju” u „Poslano”.',
    ],
    [
      'order.cancel',
      orderEntry('order.cancel', { actor_email: 'kupac@demo.ba' }),
      'kupac@demo.ba je otkazao narudžbu #3f2a9c1e.',
    ],
    [
      'return.create',
      entry({
        action: 'return.create',
        actor_email: 'kupac@demo.ba',
        entity: 'return',
        entity_id: PRODUCT,
        after: { orderId: ORDER, reason: 'damaged', lines: [], photos: 1 },
      }),
      'kupac@demo.ba je prijavio reklamaciju za narudžbu #3f2a9c1e (razlog: Oštećeno).',
    ],
    [
      'return.status',
      entry({
        action: 'return.status',
        entity: 'return',
        entity_id: PRODUCT,
        before: { status: 'approved' },
        after: { status: 'received', orderId: ORDER, stockReturned: true },
      }),
      'admin@demo.ba je reklamaciji za narudžbu #3f2a9c1e promijenio status iz „Odobreno” u „Roba zaprimljena”.',
    ],
    [
      'return.status rejected',
      entry({
        action: 'return.status',
        entity: 'return',
        entity_id: PRODUCT,
        before: { status: 'requested' },
        after: { status: 'rejected', orderId: ORDER, reason: 'Rok je istekao' },
      }),
      'admin@demo.ba je reklamaciji za narudžbu #3f2a9c1e promijenio status iz „Zaprimljeno” u „Odbijeno” uz razlog „Rok je istekao”.',
    ],
    [
      'order.status_undo',
      orderEntry('order.status_undo', { after: { status: 'pending' } }),
      'admin@demo.ba je poništio promjenu statusa narudžbe #3f2a9c1e; status je opet „Na čekanju”.',
    ],
    [
      'order.suspicion_cleared',
      orderEntry('order.suspicion_cleared'),
      'admin@demo.ba je s narudžbe #3f2a9c1e uklonio oznaku sumnjive narudžbe.',
    ],
    [
      'order.invoice_printed',
      orderEntry('order.invoice_printed', { after: { documentNumber: '2026-000123', status: 'confirmed' } }),
      'admin@demo.ba je ispisao račun 2026-000123 za narudžbu #3f2a9c1e.',
    ],
    [
      'order.packing_slip_printed',
      orderEntry('order.packing_slip_printed', { after: { status: 'confirmed' } }),
      'admin@demo.ba je ispisao otpremnicu za narudžbu #3f2a9c1e.',
    ],
    [
      'order.fiscal_receipt',
      orderEntry('order.fiscal_receipt', {
        before: { fiscalReceiptNumber: '' },
        after: { fiscalReceiptNumber: 'FR-000451' },
      }),
      'admin@demo.ba je narudžbi #3f2a9c1e upisao broj fiskalnog računa „FR-000451”.',
    ],
    [
      'order.tracking',
      orderEntry('order.tracking', {
        before: { trackingNumber: '' },
        after: { trackingNumber: 'CE123456789BA', trackingUrl: '' },
      }),
      'admin@demo.ba je narudžbi #3f2a9c1e upisao broj pošiljke „CE123456789BA”.',
    ],
    [
      'order.cod_paid',
      orderEntry('order.cod_paid', {
        before: { paidAt: null },
        after: { paidAt: '2026-03-05', amount: 72.8, documentNumber: '2026-000001' },
      }),
      'Uvozom isplata pouzeća (admin@demo.ba) narudžba #3f2a9c1e je označena plaćenom 2026-03-05, iznos 72.8 KM.',
    ],
    [
      'profile_updated',
      entry({
        action: 'profile_updated',
        entity: 'user',
        before: { email: 'kupac@demo.ba', city: 'Grude' },
        after: { email: 'kupac@demo.ba', city: 'Mostar' },
      }),
      'admin@demo.ba je izmijenio profil korisnika kupac@demo.ba: city: Grude → Mostar.',
    ],
    [
      'sign_in_failed',
      entry({
        action: 'sign_in_failed',
        actor_email: null,
        entity: 'user',
        after: { email: 'x@y.ba', reason: 'wrong_password' },
      }),
      'Neuspjela prijava za x@y.ba: pogrešna lozinka.',
    ],
    [
      'sign_in_locked',
      entry({
        action: 'sign_in_locked',
        actor_email: null,
        entity: 'user',
        after: { email: 'x@y.ba', ip: '10.0.0.1', scope: 'email', failures: 5, windowMinutes: 15 },
      }),
      'Prijava za x@y.ba je blokirana nakon 5 neuspjelih pokušaja u 15 min.',
    ],
    [
      'user.role_added',
      entry({
        action: 'user.role_added',
        entity: 'user',
        before: { email: 'kupac@demo.ba', roles: ['user'] },
        after: { email: 'kupac@demo.ba', roles: ['user', 'wholesale'], role: 'wholesale' },
      }),
      'admin@demo.ba je kupcu kupac@demo.ba dodao ulogu Veleprodaja.',
    ],
    [
      'user.role_removed',
      entry({
        action: 'user.role_removed',
        entity: 'user',
        before: { email: 'ana@demo.ba', roles: ['user', 'store_manager'] },
        after: { email: 'ana@demo.ba', roles: ['user'], role: 'user' },
      }),
      'admin@demo.ba je korisniku ana@demo.ba uklonio ulogu Voditelj trgovine.',
    ],
    [
      'sale.config_updated',
      entry({ action: 'sale.config_updated', entity: 'sale', before: { title: 'A' }, after: { title: 'B' } }),
      'admin@demo.ba je izmijenio postavke akcije: title: A → B.',
    ],
    [
      'sale.product_added',
      entry({
        action: 'sale.product_added',
        entity: 'sale',
        after: { productId: PRODUCT, discountPercentage: 20, discountedPrice: 80 },
      }),
      'admin@demo.ba je dodao proizvod #7b1c2d3e u akciju uz popust 20 % (80,00 KM).',
    ],
    [
      'sale.product_removed',
      entry({ action: 'sale.product_removed', entity: 'sale', before: { productId: PRODUCT } }),
      'admin@demo.ba je uklonio proizvod #7b1c2d3e iz akcije.',
    ],
    [
      'an action the page does not know',
      entry({ action: 'stock.recount', actor_email: null, entity: 'product', entity_id: '42' }),
      'Sustav: stock.recount (Proizvod 42).',
    ],
  ])('%s', (_case, audit, sentence) => {
    expect(describeAuditEntry(audit)).toBe(sentence)
  })

  // One account's entry, only the action differs.
  itReturns(
    (action: string) => describeAuditEntry(entry({ action, entity: 'user', after: { email: 'ana@demo.ba' } })),
    '%s',
    [
      ['user.password_set', 'admin@demo.ba je postavio novu lozinku korisniku ana@demo.ba.'],
      ['user.disabled', 'admin@demo.ba je deaktivirao račun ana@demo.ba.'],
      ['user.enabled', 'admin@demo.ba je ponovno aktivirao račun ana@demo.ba.'],
    ],
  )

  // A sale's entry over 12 products, by staff or (the scheduled start and end) by no one.
  itReturns(
    (action: string, actor: string | null) =>
      describeAuditEntry(entry({ action, actor_email: actor, entity: 'sale', after: { products: 12 } })),
    '%s by %s',
    [
      ['sale.applied', 'admin@demo.ba', 'admin@demo.ba je primijenio popuste akcije na 12 proizvoda.'],
      ['sale.restored', 'admin@demo.ba', 'admin@demo.ba je vratio redovne cijene za 12 proizvoda.'],
      ['sale.started', null, 'Akcija je počela: popusti su primijenjeni na 12 proizvoda.'],
      ['sale.ended', null, 'Akcija je završila: redovne cijene su vraćene za 12 proizvoda.'],
    ],
  )
})
