-- How a merchant's collections in one mode went since a day, per day (in the query's fixed UTC
-- offset), channel, provider and currency, as PaymentFigures.Row (the dashboard's home). Finished
-- means the payer answered: SUCCEEDED, FAILED, or REVERSED (which had succeeded); volume is what
-- succeeded. One pass over the days' payments through the index payment_created.
SELECT epoch_day, channel, provider, currency,
       COUNT(*) AS made,
       SUM(CASE WHEN status <> 'PENDING' THEN 1 ELSE 0 END) AS finished,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN 1 ELSE 0 END) AS succeeded,
       SUM(CASE WHEN status IN ('SUCCEEDED', 'REVERSED') THEN amount ELSE 0 END) AS volume
FROM (SELECT CAST(FLOOR((EXTRACT(EPOCH FROM created_at) + :#offsetSeconds) / 86400) AS BIGINT) AS epoch_day,
             channel, provider, currency, status, amount
      FROM payment
      WHERE merchant_id = :#merchantId
        AND livemode = :#livemode
        AND created_at >= :#since) AS made_on
GROUP BY epoch_day, channel, provider, currency
ORDER BY epoch_day, currency, channel, provider
