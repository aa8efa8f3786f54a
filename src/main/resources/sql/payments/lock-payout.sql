-- The payout a report names, locked until the settlement commits: a report and a status query
-- of one payout take turns, and each sees what the other did. Read after it with select-payout.sql.
SELECT id
FROM payout
WHERE id = :#id
FOR UPDATE
