-- The interest a guarantee has earned (issue 39): the account statement's guarantee row reads 'intereses' and
-- 'importeFinal' (importe plus intereses). A cash deposit earns it in the operator's account; the collections
-- export reports it per detail, so it is stored, not computed. Letters earn none: 0.
alter table guarantee_details add column intereses numeric(14, 2) not null default 0 check (intereses >= 0);
