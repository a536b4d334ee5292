"""Naruto CCG: card facts, deck construction and rules."""
