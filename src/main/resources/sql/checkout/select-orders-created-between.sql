-- The orders of a period, oldest first, as ListedOrder records.
SELECT id, seq, order_id, created_at, amount, currency, payment_status, buyer_name, buyer_phone, attempts
FROM checkout_order
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND created_at >= :#from
  AND created_at < :#to
ORDER BY created_at, seq
LIMIT :#limit
