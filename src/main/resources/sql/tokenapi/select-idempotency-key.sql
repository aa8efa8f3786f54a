SELECT request_hash, response_status, response_body, created_at
FROM idempotency_key
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
