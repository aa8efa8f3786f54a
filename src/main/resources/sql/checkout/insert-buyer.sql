INSERT INTO buyer (id, merchant_id, livemode, buyer_userid, created_at)
VALUES (:#buyerId, :#merchantId, :#livemode, :#buyerUserid, :#now)
