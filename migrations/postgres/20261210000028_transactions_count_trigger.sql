-- PostgreSQL (issue 34 point 1): an account's count of transactions kept by the database as each
-- row is inserted, instead of by a second statement from the server after every insert: one
-- round trip fewer per booking. The count still moves inside the inserting transaction.
CREATE FUNCTION transactions_count_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE bank_accounts SET transactions_count = transactions_count + 1
    WHERE id = NEW.bank_account_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions
    FOR EACH ROW EXECUTE FUNCTION transactions_count_up();
