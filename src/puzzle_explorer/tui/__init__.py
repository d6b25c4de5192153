"""The terminal app (Textual) and the command-line entry point."""
