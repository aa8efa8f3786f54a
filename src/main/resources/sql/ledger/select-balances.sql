-- A merchant's balances in one mode. pending is money on its way out: payouts and reversals
-- sent but not yet confirmed, already taken from available and given back if they fail.
SELECT b.currency, b.available,
       COALESCE((SELECT SUM(p.amount + p.fee) FROM payout p
                 WHERE p.merchant_id = b.merchant_id AND p.livemode = b.livemode AND p.currency = b.currency
                   AND p.status = 'PENDING'), 0)
       + COALESCE((SELECT SUM(r.amount - r.fee_refunded) FROM reversal r
                   WHERE r.merchant_id = b.merchant_id AND r.livemode = b.livemode AND r.currency = b.currency
                     AND r.status = 'PENDING'), 0) AS pending
FROM balance b
WHERE b.merchant_id = :#merchantId
  AND b.livemode = :#livemode
ORDER BY b.currency
