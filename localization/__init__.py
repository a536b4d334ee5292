"""Catalogues for Spanish, Russian and French (es/ru/fr): GUI strings, rule messages keyed by rule
id, the rules reference and card names."""
