"""Card catalogue and records, in SQLModel: cards with their localized names and effects, sets,
decks, bundled card data and importers, catalogue search, and match records."""
