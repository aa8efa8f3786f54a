UPDATE webhook_endpoint
SET secret_sealed = :#secretSealed
WHERE id = :#id
