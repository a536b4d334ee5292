"""PySide6 application for the referee: windows, widgets and Qt models over the engine."""
