-- A page of a merchant's payments in one mode, newest first, below a position, narrowed by
-- whichever filters are set (a null filter lets everything through), as PaymentView records:
-- the dashboard's payments list (the PaymentSearch record). The search text matches a reference
-- (the merchant's, Malipo's or the provider's) or an order id exactly, or the payer's number's
-- last digits.
SELECT *
FROM payment_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
  AND (CAST(:#status AS VARCHAR(16)) IS NULL OR status = :#status)
  AND (CAST(:#channel AS VARCHAR(16)) IS NULL OR channel = :#channel)
  AND (CAST(:#provider AS VARCHAR(32)) IS NULL OR provider = :#provider)
  AND (CAST(:#createdFrom AS TIMESTAMP WITH TIME ZONE) IS NULL OR created_at >= :#createdFrom)
  AND (CAST(:#createdBefore AS TIMESTAMP WITH TIME ZONE) IS NULL OR created_at < :#createdBefore)
  AND (CAST(:#minAmount AS NUMERIC(19, 2)) IS NULL OR amount >= :#minAmount)
  AND (CAST(:#maxAmount AS NUMERIC(19, 2)) IS NULL OR amount <= :#maxAmount)
  AND (CAST(:#text AS VARCHAR(64)) IS NULL
       OR reference = :#text OR gateway_reference = :#text OR provider_reference = :#text OR order_id = :#text
       OR msisdn LIKE CAST(:#msisdnEnding AS VARCHAR(20)))
ORDER BY seq DESC
LIMIT :#limit
