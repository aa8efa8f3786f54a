-- The answer of a claimed key, for the requests that repeat it.
UPDATE idempotency_key
SET response_status = :#status,
    response_body = :#body
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND claim_token = :#claimToken
