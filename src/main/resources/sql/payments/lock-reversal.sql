-- The reversal a report names, locked until the settlement commits (its payment is locked first,
-- with lock-payment.sql). Read after it with select-reversal.sql.
SELECT id
FROM reversal
WHERE id = :#id
FOR UPDATE
