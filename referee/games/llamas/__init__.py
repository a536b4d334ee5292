"""Llamas Unleashed (part L of docs/rules.en.md): two to eight players, one shared deck."""
