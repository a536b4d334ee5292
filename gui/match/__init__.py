"""The match window: the adapter that alone changes a match, and the views that draw it."""
