-- Deliveries already queued for it keep its id; the signer refuses them when they come due.
DELETE FROM webhook_endpoint
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
