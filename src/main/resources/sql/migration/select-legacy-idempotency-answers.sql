SELECT merchant_id, livemode, idem_key, response_body
FROM idempotency_key
WHERE response_body LIKE 'v1.%'
