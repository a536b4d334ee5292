"""Rules-enforcing referee for card games."""
