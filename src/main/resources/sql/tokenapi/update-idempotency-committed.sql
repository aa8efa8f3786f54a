-- In the transaction of the request's work: the key is marked done, with what the work made,
-- exactly when the work commits. No row updated means the claim was taken over meanwhile, and
-- the work must roll back.
UPDATE idempotency_key
SET committed_at = COALESCE(committed_at, :#now),
    resource_type = COALESCE(resource_type, :#resourceType),
    resource_id = COALESCE(resource_id, :#resourceId)
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND claim_token = :#claimToken
