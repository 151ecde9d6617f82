-- Where a person is in the signed-in steps of the registration wizard (SPEC §7 PATCH
-- /v1/users/registration/state), so they resume at the same step on another device.
ALTER TABLE users ADD COLUMN registration_state TEXT;
