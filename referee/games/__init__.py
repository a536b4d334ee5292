"""The games the referee knows."""
