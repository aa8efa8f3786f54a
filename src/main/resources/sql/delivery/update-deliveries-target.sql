-- Events still on their way to an endpoint whose URL changed go to the new URL: the merchant moved
-- its receiver, and the old one may be gone.
UPDATE delivery
SET target_url = :#url, target_host = :#targetHost
WHERE webhook_endpoint_id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
  AND status IN ('PENDING', 'DELIVERING')
