-- PostgreSQL only: a new create-order request in one round trip, where claim-request.sql and then
-- insert-order-answered.sql took two. The signature is bound to this operation if it is new; the order
-- is inserted only when the signature is this operation's and the request's fingerprint was never
-- claimed; the fingerprint is claimed, with the request's answer, only when the order was inserted.
-- Otherwise nothing but the signature's binding is written (the order_id or the payment token was
-- taken, the request was seen before, the signature is another operation's, or one of them committed
-- while this ran): Orders then leaves the request to claim-request.sql, as any other operation.
WITH bound AS (
    INSERT INTO signature_use (credential_id, signature, operation, created_at)
    VALUES (:#credentialId, :#signature, :#operation, :#now)
    ON CONFLICT DO NOTHING
    RETURNING operation
), operation AS (
    SELECT operation FROM bound
    UNION ALL
    SELECT operation FROM signature_use WHERE credential_id = :#credentialId AND signature = :#signature
    LIMIT 1
), inserted AS (
    INSERT INTO checkout_order (id, merchant_id, livemode, order_id, amount, currency, buyer_email, buyer_name,
                                buyer_phone, buyer_userid, buyer_id, billing, shipping, payment_methods, redirect_url,
                                cancel_url, webhook_url, buyer_remarks, merchant_remarks, no_of_items, header_colour,
                                link_colour, button_colour, expires_at, payment_status, payment_token, request_hash,
                                create_response, credential_id, created_at, updated_at)
    SELECT :#id, :#merchantId, :#livemode, :#orderId, :#amount, :#currency, :#buyerEmail, :#buyerName,
           :#buyerPhone, :#buyerUserid, :#buyerId, :#billing, :#shipping, :#paymentMethods, :#redirectUrl,
           :#cancelUrl, :#webhookUrl, :#buyerRemarks, :#merchantRemarks, :#noOfItems, :#headerColour,
           :#linkColour, :#buttonColour, :#expiresAt, 'PENDING', :#paymentToken, :#requestHash,
           :#createResponse, :#credentialId, :#now, :#now
    WHERE (SELECT operation FROM operation) = :#operation
      AND NOT EXISTS (SELECT 1 FROM checkout_replay WHERE credential_id = :#credentialId AND fingerprint = :#fingerprint)
    ON CONFLICT DO NOTHING
    RETURNING id
), claimed AS (
    INSERT INTO checkout_replay (credential_id, fingerprint, created_at, response_status, response_body)
    SELECT CAST(:#credentialId AS UUID), :#fingerprint, CAST(:#now AS TIMESTAMP WITH TIME ZONE), :#answerStatus,
           :#answerBody
    WHERE EXISTS (SELECT 1 FROM inserted)
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT (SELECT count(*) FROM inserted) AS inserted,
       (SELECT count(*) FROM claimed) AS claimed
