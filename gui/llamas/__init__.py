"""The Llamas Unleashed match page and its parts: the fields of every player round the table, the
shared zones, the hand of the player to act, the instant pile and the chain of effects."""
