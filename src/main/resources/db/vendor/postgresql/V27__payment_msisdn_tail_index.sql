-- PostgreSQL only (H2, the embedded default, has no expression indexes and no need of this one at a
-- laptop's scale): the dashboard's search by the last digits of the payer's number.
CREATE INDEX payment_msisdn_tail ON payment (merchant_id, livemode, RIGHT(msisdn, 4));
