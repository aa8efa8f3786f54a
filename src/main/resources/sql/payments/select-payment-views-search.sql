-- A page of a merchant's payments in one mode, newest first, below a payment, within two dates
-- and narrowed by whichever other filters are set (a null filter lets everything through), as
-- PaymentView records: the dashboard's list and export without a search text (PaymentSearch).
-- The index payment_created (merchant_id, livemode, created_at, seq) gives the rows in this order
-- from the page's start, so a page costs what it shows, however many payments the merchant has.
SELECT *
FROM payment_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND created_at >= :#createdFrom
  AND created_at < :#createdBefore
  AND (created_at, seq) < (COALESCE((SELECT b.created_at FROM payment b
                                     WHERE b.seq = :#beforeSeq AND b.merchant_id = :#merchantId),
                                    CAST(:#createdBefore AS TIMESTAMP WITH TIME ZONE)), :#beforeSeq)
  AND (CAST(:#status AS VARCHAR(16)) IS NULL OR status = :#status)
  AND (CAST(:#channel AS VARCHAR(16)) IS NULL OR channel = :#channel)
  AND (CAST(:#provider AS VARCHAR(32)) IS NULL OR provider = :#provider)
  AND (CAST(:#minAmount AS NUMERIC(19, 2)) IS NULL OR amount >= :#minAmount)
  AND (CAST(:#maxAmount AS NUMERIC(19, 2)) IS NULL OR amount <= :#maxAmount)
ORDER BY created_at DESC, seq DESC
LIMIT :#limit
