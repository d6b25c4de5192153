"""The panes of the main screen."""
