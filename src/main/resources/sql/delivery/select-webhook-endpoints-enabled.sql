-- Where an event of the merchant and mode goes; which of them subscribe to its type is read in Java.
SELECT id, url, events
FROM webhook_endpoint
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND enabled
