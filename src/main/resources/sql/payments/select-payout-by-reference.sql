SELECT id FROM payout WHERE reference = :#reference AND provider = :#provider
