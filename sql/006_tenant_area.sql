-- Tenant area: the account statement of each customer (RUC) as the collections system exports it — the
-- statement header, collection indicators per contract, the open documents (invoices and debit notes with
-- their balance) and the operator's collecting bank accounts.

create table customer_statements (
  tenant_id integer primary key references tenants (id),
  -- The day the figures were taken from the collections system; ages and overdue days count from it.
  statement_date date not null,
  commercial_executive text,
  collections_executive text,
  payment_terms text not null
);

create table contract_collections (
  contract_id integer primary key references contracts (id),
  -- Days sales outstanding, share of the customer's receivable (% CxC), collected / billed in 12 months.
  dso integer not null check (dso >= 0),
  receivable_pct numeric(5, 1) not null check (receivable_pct between 0 and 100),
  collection_efficiency numeric(5, 1) not null check (collection_efficiency between 0 and 100)
);

-- Open documents: what the customer still owes (balance > 0), in the document's currency.
create table receivables (
  id bigserial primary key,
  tenant_id integer not null references tenants (id),
  contract_id integer not null references contracts (id),
  doc_type text not null check (doc_type in ('FA', 'ND', 'BV')),
  reference text not null,
  concept text not null,
  currency char(3) not null check (currency in ('PEN', 'USD')),
  amount numeric(14, 2) not null check (amount > 0),
  balance numeric(14, 2) not null check (balance > 0 and balance <= amount),
  issued_on date not null,
  due_on date not null check (due_on >= issued_on),
  unique (doc_type, reference)
);
create index receivables_tenant_idx on receivables (tenant_id, due_on);
create index receivables_contract_idx on receivables (contract_id);

-- The operator's bank accounts where tenants pay (the same for every customer).
create table collecting_accounts (
  id serial primary key,
  bank text not null,
  account_type text not null,
  account_pen text,
  cci_pen text,
  account_usd text,
  cci_usd text,
  sort integer not null default 0
);
