"""Puzzle families: one package each, every one speaking the interface in puzzles.interface."""
