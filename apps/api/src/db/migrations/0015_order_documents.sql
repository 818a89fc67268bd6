-- docs/decisions.md, 'Invoices and packing slips': an order gets its document (invoice) number when it
-- first leaves 'pending' for a status other than 'cancelled'; one gap-free sequence per calendar year.
-- The counter row of a year is taken and raised in the transaction of the status change, so a change that
-- rolls back gives its number back, and two API processes wait for each other on the row.
create table document_counters (
  year integer primary key,
  last_number integer not null check (last_number >= 0)
);

alter table orders add column document_number text unique;
alter table orders add column document_issued_at timestamptz;
-- The PDV rate the invoice was issued at: a later change of the rate does not rewrite an issued invoice.
alter table orders add column document_vat_rate numeric(5,2);
alter table orders add column fiscal_receipt_number text not null default '';
