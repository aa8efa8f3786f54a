-- A page of a merchant's orders in one mode, newest first, below a position (keyset on seq),
-- narrowed by status and by the merchant's order_id when they are set: the OrderSearch record.
-- Read into ListedOrder records.
SELECT id, seq, order_id, created_at, amount, currency, payment_status, buyer_name, buyer_phone, attempts
FROM checkout_order
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
  AND (CAST(:#status AS VARCHAR(16)) IS NULL OR payment_status = :#status)
  AND (CAST(:#orderId AS VARCHAR(64)) IS NULL OR order_id = :#orderId)
ORDER BY seq DESC
LIMIT :#limit
