-- A page of a merchant's payments in one mode found by a search text, newest first, below a
-- payment, as PaymentView records (PaymentSearch with a text). The text is looked up as each kind
-- of reference in that reference's own index (the merchant's, the checkout transid, Malipo's, the
-- provider's, the checkout order id) and as the end of the payer's number (payment_msisdn_tail on
-- PostgreSQL), so a search costs what it finds; the other filters then narrow what was found.
SELECT *
FROM payment_view
WHERE id IN (SELECT id FROM payment
             WHERE merchant_id = :#merchantId AND livemode = :#livemode AND merchant_reference = :#text
             UNION ALL
             SELECT id FROM payment
             WHERE merchant_id = :#merchantId AND livemode = :#livemode AND transid = :#text
             UNION ALL
             SELECT id FROM payment WHERE reference = :#text
             UNION ALL
             SELECT id FROM payment WHERE provider_ref = :#text
             UNION ALL
             SELECT p.id FROM checkout_order o JOIN payment p ON p.checkout_order = o.id
             WHERE o.merchant_id = :#merchantId AND o.livemode = :#livemode AND o.order_id = :#text
             UNION ALL
             SELECT id FROM payment
             WHERE merchant_id = :#merchantId AND livemode = :#livemode
               AND RIGHT(msisdn, 4) = :#msisdnTail AND msisdn LIKE :#msisdnEnding)
  AND merchant_id = :#merchantId
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
