SELECT payment_id FROM reversal WHERE id = :#id
