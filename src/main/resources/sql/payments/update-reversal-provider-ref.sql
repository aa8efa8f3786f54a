UPDATE reversal
SET provider_ref = COALESCE(provider_ref, :#providerRef),
    updated_at = :#now
WHERE id = :#id
