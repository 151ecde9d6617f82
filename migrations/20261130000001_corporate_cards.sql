-- Corporate cards (issue 14 point 5): an Account Owner gives an employee a card through a
-- card_user invitation. The invitation keeps where the card is to be sent (JSON, as
-- cards.shipping_address); the card it became names it, once.
ALTER TABLE invitations ADD COLUMN card_shipping_address TEXT;
ALTER TABLE cards ADD COLUMN invitation_id TEXT;
CREATE UNIQUE INDEX cards_one_per_invitation ON cards (invitation_id) WHERE invitation_id IS NOT NULL;
