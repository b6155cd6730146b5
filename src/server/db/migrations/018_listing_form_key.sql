-- The staff form's key, one per form: a submit sent again is answered with the listing it
-- made rather than making a second one.
ALTER TABLE listings ADD COLUMN form_key uuid UNIQUE;
