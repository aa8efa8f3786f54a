UPDATE idempotency_key
SET response_body = :#responseBody
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
