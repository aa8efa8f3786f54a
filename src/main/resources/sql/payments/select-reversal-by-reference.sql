SELECT id FROM reversal WHERE reference = :#reference AND provider = :#provider
