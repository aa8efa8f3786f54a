-- A merchant's collections in one mode since a day, day by day and per currency, as
-- PaymentFigures.Day (the dashboard's chart). A day is counted in the query's fixed UTC offset.
SELECT day, currency,
       COUNT(*) AS made,
       SUM(CASE WHEN status <> 'PENDING' THEN 1 ELSE 0 END) AS finished,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN 1 ELSE 0 END) AS succeeded,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN amount ELSE 0 END) AS volume
FROM (SELECT CAST(FLOOR((EXTRACT(EPOCH FROM created_at) + :#offsetSeconds) / 86400) AS BIGINT) AS day,
             currency, status, amount
      FROM payment
      WHERE merchant_id = :#merchantId
        AND livemode = :#livemode
        AND created_at >= :#since) AS made_on
GROUP BY day, currency
ORDER BY day, currency
