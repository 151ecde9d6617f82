-- SQLite only (issue 34 point 4): a trigram full-text index of each transaction's search text,
-- so a keyword search reads the matches instead of the whole account. FTS5's trigram tokenizer
-- answers substring queries of three characters or more exactly. The row's id is kept rather
-- than SQLite's rowid, which VACUUM may renumber in a table without an integer key.
CREATE VIRTUAL TABLE transactions_search USING fts5(
    words,
    transaction_id UNINDEXED,
    tokenize = 'trigram'
);

INSERT INTO transactions_search (words, transaction_id) SELECT search_text, id FROM transactions;

CREATE TRIGGER transactions_search_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transactions_search (words, transaction_id) VALUES (new.search_text, new.id);
END;

CREATE TRIGGER transactions_search_update AFTER UPDATE OF search_text ON transactions BEGIN
    DELETE FROM transactions_search WHERE transaction_id = old.id;
    INSERT INTO transactions_search (words, transaction_id) VALUES (new.search_text, new.id);
END;

CREATE TRIGGER transactions_search_delete AFTER DELETE ON transactions BEGIN
    DELETE FROM transactions_search WHERE transaction_id = old.id;
END;
