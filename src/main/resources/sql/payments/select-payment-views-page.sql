-- A page of a merchant's payments in one mode, newest first, below a position (keyset paging on
-- seq: the index payment_listing serves the first page and the ten-thousandth alike).
-- Read into PaymentView: the columns are named as its fields.
SELECT p.id, p.seq, p.status, p.amount, p.fee, p.currency, p.channel, p.provider, p.msisdn,
       COALESCE(p.merchant_reference, p.transid) AS reference, p.reference AS gateway_reference,
       p.provider_ref AS provider_reference, o.order_id,
       p.description, p.failure_code, p.failure_message, p.amount_reversed, p.created_at, p.updated_at
FROM payment p
LEFT JOIN checkout_order o ON o.id = p.checkout_order
WHERE p.merchant_id = :#merchantId
  AND p.livemode = :#livemode
  AND p.seq < :#beforeSeq
ORDER BY p.seq DESC
LIMIT :#limit
