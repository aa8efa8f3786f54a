-- An adjustment for money that has already moved (a payout or reversal the provider carried out
-- after it had failed and been given back): it is taken even when the balance does not cover
-- it, which leaves the balance below zero until collections make up for it.
UPDATE balance
SET available = available + :#delta
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND currency = :#currency
