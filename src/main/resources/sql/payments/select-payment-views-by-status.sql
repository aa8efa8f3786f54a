-- A page of a merchant's payments in one status and mode, newest first, below a payment, within
-- two dates and narrowed by whichever other filters are set, as PaymentView records (PaymentSearch
-- with a status and no text). The index payment_status_created walks that status alone, so a
-- status with few payments, or none, is found as fast as the list.
SELECT *
FROM payment_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND created_at >= :#createdFrom
  AND created_at < :#createdBefore
  AND (created_at, seq) < (COALESCE((SELECT b.created_at FROM payment b
                                     WHERE b.seq = :#beforeSeq AND b.merchant_id = :#merchantId),
                                    CAST(:#createdBefore AS TIMESTAMP WITH TIME ZONE)), :#beforeSeq)
  AND status = :#status
  AND (CAST(:#channel AS VARCHAR(16)) IS NULL OR channel = :#channel)
  AND (CAST(:#provider AS VARCHAR(32)) IS NULL OR provider = :#provider)
  AND (CAST(:#minAmount AS NUMERIC(19, 2)) IS NULL OR amount >= :#minAmount)
  AND (CAST(:#maxAmount AS NUMERIC(19, 2)) IS NULL OR amount <= :#maxAmount)
ORDER BY created_at DESC, seq DESC
LIMIT :#limit
