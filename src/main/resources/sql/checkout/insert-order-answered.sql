-- PostgreSQL only: insert-order.sql and, in the same statement, the request's answer stored with
-- its claim (what update-replay-response.sql does once an answer is out), so a new order costs one
-- round trip. Nothing is stored when the order was not inserted: Orders then answers it as a repeat.
WITH inserted AS (
    INSERT INTO checkout_order (id, merchant_id, livemode, order_id, amount, currency, buyer_email, buyer_name,
                                buyer_phone, buyer_userid, buyer_id, billing, shipping, payment_methods, redirect_url,
                                cancel_url, webhook_url, buyer_remarks, merchant_remarks, no_of_items, header_colour,
                                link_colour, button_colour, expires_at, payment_status, payment_token, request_hash,
                                create_response, credential_id, created_at, updated_at)
    VALUES (:#id, :#merchantId, :#livemode, :#orderId, :#amount, :#currency, :#buyerEmail, :#buyerName,
            :#buyerPhone, :#buyerUserid, :#buyerId, :#billing, :#shipping, :#paymentMethods, :#redirectUrl,
            :#cancelUrl, :#webhookUrl, :#buyerRemarks, :#merchantRemarks, :#noOfItems, :#headerColour,
            :#linkColour, :#buttonColour, :#expiresAt, 'PENDING', :#paymentToken, :#requestHash,
            :#createResponse, :#credentialId, :#now, :#now)
    ON CONFLICT DO NOTHING
    RETURNING id
), answered AS (
    UPDATE checkout_replay
    SET response_status = :#answerStatus,
        response_body = :#answerBody
    WHERE credential_id = :#credentialId
      AND fingerprint = :#answerFingerprint
      AND response_status IS NULL
      AND EXISTS (SELECT 1 FROM inserted)
    RETURNING 1
)
SELECT (SELECT count(*) FROM inserted) AS inserted,
       (SELECT count(*) FROM answered) AS answered
