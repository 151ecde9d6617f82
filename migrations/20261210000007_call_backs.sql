-- The auth route `leads` (issue 31 point 6): a business asks to be called back. Kept in the same
-- inbox as contact messages (source 'leads'), with the company it speaks for.
ALTER TABLE support_messages ADD COLUMN company TEXT;
