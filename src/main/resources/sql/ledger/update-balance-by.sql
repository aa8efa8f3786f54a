-- Moves the merchant's available balance, in the same statement refusing a debit it does not
-- cover: concurrent debits can never take it below zero.
UPDATE balance
SET available = available + :#delta
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND currency = :#currency
  AND available + :#delta >= 0
