-- Search folds Serbian Cyrillic to the Latin alphabet the catalogue is written in, so that 'бушилица'
-- finds 'Bušilica' (docs/decisions.md, 'Search in Cyrillic'). The letters of Vuk's alphabet map one to
-- one onto Gaj's Latin alphabet, already folded: ђ → dj (as đ), ж → z, ћ ч → c, џ → dz, ш → s.
-- Upper case too: lower() leaves Cyrillic as it is where the database's ctype is C.
-- The twin of foldForSearch (packages/shared/src/rules/search.ts); a test keeps them equal.
create or replace function shop_fold(value text) returns text
language sql immutable parallel safe as $$
  select translate(
    replace(replace(replace(replace(replace(replace(replace(replace(
      lower(public.unaccent('public.unaccent'::regdictionary,
        replace(replace(coalesce(value, ''), 'đ', 'dj'), 'Đ', 'Dj'))),
      'ђ', 'dj'), 'Ђ', 'dj'), 'љ', 'lj'), 'Љ', 'lj'), 'њ', 'nj'), 'Њ', 'nj'), 'џ', 'dz'), 'Џ', 'dz'),
    'абвгдежзијклмнопрстћуфхцчшАБВГДЕЖЗИЈКЛМНОПРСТЋУФХЦЧШ',
    'abvgdezzijklmnoprstcufhccsabvgdezzijklmnoprstcufhccs')
$$;

-- Every product folded again (the trigger recomputes the search_* columns, the generated vector and
-- the dictionary of words).
update products set custom_id = custom_id;
