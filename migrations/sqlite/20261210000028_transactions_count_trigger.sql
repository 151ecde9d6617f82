-- SQLite (issue 34 point 1): an account's count of transactions kept by the database as each row
-- is inserted, instead of by a second statement from the server after every insert. The count
-- still moves inside the inserting transaction.
CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
    UPDATE bank_accounts SET transactions_count = transactions_count + 1
    WHERE id = new.bank_account_id;
END;
