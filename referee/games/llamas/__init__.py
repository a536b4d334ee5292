"""Llamas Unleashed (part L of RULES.md): two to eight players, one shared deck."""
