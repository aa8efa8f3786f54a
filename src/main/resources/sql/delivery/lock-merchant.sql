-- Holds the merchant's row until the transaction ends: what must not run twice at once for one
-- merchant (checking a limit, then inserting) takes turns here.
SELECT id
FROM merchant
WHERE id = :#merchantId
FOR UPDATE
