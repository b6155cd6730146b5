-- Staff notices: each member chooses which events e-mail them, and to which address (staff
-- accounts had none). A null choice means the role's defaults, so a member who never chose
-- follows a change of role.
ALTER TABLE staff_users ADD COLUMN notice_email text;
ALTER TABLE staff_users ADD COLUMN notice_events text[];
