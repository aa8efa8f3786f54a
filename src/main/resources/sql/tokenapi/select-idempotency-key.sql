SELECT request_hash, response_status, response_body, claim_token, committed_at, resource_type, resource_id,
       created_at
FROM idempotency_key
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
