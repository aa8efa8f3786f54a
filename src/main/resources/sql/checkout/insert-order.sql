-- Inserts nothing when the order_id (or the random payment token) is taken: Orders then looks the
-- order up and answers it as a repeat, or draws another token.
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
